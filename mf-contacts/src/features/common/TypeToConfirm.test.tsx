import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWith } from '../../test/render';
import { TypeToConfirm, confirmationCode } from './TypeToConfirm';

describe('type-to-confirm delete', () => {
  it('makes codes from unambiguous characters', () => {
    const code = confirmationCode(8);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('enables Delete only when the typed text equals the code exactly', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn().mockResolvedValue(undefined);
    const onClose = jest.fn();
    renderWith(<TypeToConfirm open title="Delete Contact" description="Ada Lovelace will be deleted." code="K7QX2M" onConfirm={onConfirm} onClose={onClose} />);
    const input = screen.getByLabelText(/Type K7QX2M to confirm/);
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toBeDisabled();
    await user.type(input, 'k7qx2m');
    expect(del).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'K7QX2M ');
    expect(del).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'K7QX2M');
    expect(del).toBeEnabled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes on Cancel without deleting', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    renderWith(<TypeToConfirm open title="Delete Contact" description="x" code="AAAA" onConfirm={onConfirm} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
