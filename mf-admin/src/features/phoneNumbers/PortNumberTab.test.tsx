import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { ApiRequestError, numbersApi } from '@agency/api-client';
import { PORT_ACKNOWLEDGEMENTS } from '@agency/contracts';
import { PortNumberTab } from './PortNumberTab';
import { demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = numbersApi as jest.Mocked<typeof numbersApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

async function chooseState(code: string) {
  await userEvent.click(screen.getByLabelText('State'));
  await userEvent.type(screen.getByLabelText('State'), code);
  await userEvent.click(await waitFor(() => document.querySelector(`.ant-select-item-option[title="${code}"]`) as HTMLElement));
}
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

test('Agree needs all 8 acknowledgements; the form then sends the fields and both PDFs, showing the upload', async () => {
  const onClose = jest.fn();
  let report: ((share: number) => void) | undefined;
  let finish: (v: { message: string }) => void = () => undefined;
  api.port.mockImplementation((_id, _form, onProgress) => {
    report = onProgress;
    return new Promise((resolve) => (finish = resolve));
  });
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  render(<PortNumberTab accountId="a1" onClose={onClose} onSubmitted={jest.fn()} />);
  const agree = screen.getByRole('button', { name: 'Agree' });
  const boxes = screen.getAllByRole('checkbox');
  expect(boxes).toHaveLength(PORT_ACKNOWLEDGEMENTS.length);
  for (const box of boxes.slice(0, 7)) await userEvent.click(box);
  expect(agree).toBeDisabled();
  await userEvent.click(boxes[7]!);
  await userEvent.click(agree);

  await fill('First Name', 'Olivia');
  await fill('Last Name', 'Owens');
  await fill('Service Address', '500 Congress Ave');
  await fill('City', 'Austin');
  await chooseState('TX');
  await fill('Zip Code', '78701');
  await fill('Number 1', '5125550199');
  const [loaInput, billInput] = Array.from(document.querySelectorAll('input[type="file"]')) as HTMLInputElement[];
  await act(async () => {
    fireEvent.change(loaInput!, { target: { files: [pdf('loa.pdf')] } });
    fireEvent.change(billInput!, { target: { files: [pdf('bill.pdf')] } });
  });
  await userEvent.click(screen.getByRole('button', { name: 'Agree and Submit' }));
  await waitFor(() => expect(api.port).toHaveBeenCalled());
  const form = api.port.mock.calls[0]![1] as FormData;
  expect(form.get('firstName')).toBe('Olivia');
  expect(form.get('state')).toBe('TX');
  expect(JSON.parse(String(form.get('local')))).toEqual([{ phoneNumber: '5125550199' }]);
  expect((form.get('loa') as File).name).toBe('loa.pdf');
  expect((form.get('billing') as File).name).toBe('bill.pdf');
  act(() => report!(0.5));
  expect(screen.getByLabelText('Uploading')).toHaveTextContent('50%');
  await act(async () => finish({ message: 'Port request submitted.' }));
  expect(toasts).toContain('Port request submitted.');
  expect(onClose).toHaveBeenCalled();
  sub.unsubscribe();
});

test('a refused request says so and keeps the form', async () => {
  api.port.mockRejectedValue(new ApiRequestError('Plan allows 1 phone number', 403));
  render(<PortNumberTab accountId="a1" onClose={jest.fn()} onSubmitted={jest.fn()} />);
  for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
  await userEvent.click(screen.getByRole('button', { name: 'Agree' }));
  await fill('First Name', 'Olivia');
  await fill('Last Name', 'Owens');
  await fill('Service Address', '500 Congress Ave');
  await fill('City', 'Austin');
  await chooseState('TX');
  await fill('Zip Code', '78701');
  const [loaInput, billInput] = Array.from(document.querySelectorAll('input[type="file"]')) as HTMLInputElement[];
  await act(async () => {
    fireEvent.change(loaInput!, { target: { files: [pdf('loa.pdf')] } });
    fireEvent.change(billInput!, { target: { files: [pdf('bill.pdf')] } });
  });
  await userEvent.click(screen.getByRole('button', { name: 'Agree and Submit' }));
  expect(await screen.findByText('Unable to submit port request: Plan allows 1 phone number')).toBeInTheDocument();
  expect(screen.getByLabelText('First Name')).toHaveValue('Olivia');
});
