import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFull, renderWith } from '../../test/render';
import { PolicyFields } from './PolicyDialog';

jest.mock('@agency/api-client', () => ({
  policiesApi: {},
  usersApi: { list: jest.fn().mockResolvedValue([]) },
  valuesApi: { list: jest.fn().mockResolvedValue([]), add: jest.fn() },
  errorMessage: (e: unknown) => String(e),
}));

describe('the policy form', () => {
  it('holds at most 250 characters of notes and counts them', async () => {
    const user = userEvent.setup();
    renderWith(<PolicyFields />, { form: true, full: emptyFull() });
    const notes = screen.getByLabelText('Notes');
    expect(notes).toHaveAttribute('maxlength', '250');
    expect(screen.getByText('0 / 250')).toBeInTheDocument();
    await user.type(notes, 'Renews in March');
    expect(screen.getByText('15 / 250')).toBeInTheDocument();
    await user.clear(notes);
    await user.click(notes);
    await user.paste('x'.repeat(300));
    expect((notes as HTMLTextAreaElement).value).toHaveLength(250);
    expect(screen.getByText('250 / 250')).toBeInTheDocument();
  });

  it("tells not to enter real payment information for an 'other' payment method", async () => {
    const user = userEvent.setup();
    renderWith(<PolicyFields />, { form: true, full: emptyFull() });
    expect(screen.queryByLabelText('Other Payment Method')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Payment Method'));
    await user.click(await screen.findByTitle('Other'));
    expect(screen.getByLabelText('Other Payment Method')).toBeInTheDocument();
    expect(screen.getByText('Do not enter actual payment information here.')).toBeInTheDocument();
  });
});
