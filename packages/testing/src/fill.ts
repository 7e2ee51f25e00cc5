import { act, fireEvent, screen } from '@testing-library/react';

/**
 * Sets a labelled field's value in one change event (typing key by key is slow with antd in
 * jsdom) and lets the form's asynchronous validation settle inside act.
 */
export async function fill(label: string | RegExp, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await new Promise((r) => setTimeout(r, 0));
  });
}
