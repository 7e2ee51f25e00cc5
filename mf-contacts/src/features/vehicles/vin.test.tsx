import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { vinApi } from '@agency/api-client';
import { collectToasts, renderWith } from '../../test/render';
import { VinField } from './VehicleDialog';
import { HULL_WARNING, canLookUpVin, vinWarning } from './vin';

jest.mock('@agency/api-client', () => ({
  vinApi: { lookup: jest.fn() },
  quotesApi: {},
  valuesApi: { list: jest.fn().mockResolvedValue([]), add: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));
const lookup = vinApi.lookup as jest.Mock;

function Harness({ water }: { water: boolean }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} layout="vertical">
      <VinField form={form} water={water} />
      <Form.Item name="year" label="Year">
        <input />
      </Form.Item>
      <Form.Item name="make" label="Make">
        <input />
      </Form.Item>
      <Form.Item name="model" label="Model">
        <input />
      </Form.Item>
    </Form>
  );
}

describe('VIN and hull id warnings', () => {
  beforeEach(() => lookup.mockReset());

  it('warns on 1 to 16 characters of a VIN and under 12 of a hull id', () => {
    expect(vinWarning('', false)).toBeNull();
    expect(vinWarning('1HGCM82633A', false)).toBe('Most VINS are 17 digits long');
    expect(vinWarning('1HGCM82633A004352', false)).toBeNull();
    expect(vinWarning('ABC12345', true)).toBe(HULL_WARNING);
    expect(vinWarning('ABC123456789', true)).toBeNull();
    expect(canLookUpVin('1HGCM82633A004352', false)).toBe(true);
    expect(canLookUpVin('1HGCM82633A004352', true)).toBe(false);
    expect(canLookUpVin('SERV1234H819', true)).toBe(true);
    expect(canLookUpVin('1HGCM82633A', false)).toBe(false);
  });

  it('shows the warning while a short VIN is typed and looks a full one up on blur', async () => {
    const user = userEvent.setup();
    lookup.mockResolvedValue({ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' });
    renderWith(<Harness water={false} />);
    const vin = screen.getByLabelText('VIN');
    await user.type(vin, '1HGCM8');
    expect(screen.getByText('Most VINS are 17 digits long')).toBeInTheDocument();
    await user.type(vin, '2633A004352');
    await waitFor(() => expect(screen.queryByText('Most VINS are 17 digits long')).not.toBeInTheDocument());
    fireEvent.blur(vin);
    await waitFor(() => expect(screen.getByLabelText('Make')).toHaveValue('Honda'));
    expect(lookup).toHaveBeenCalledWith('1HGCM82633A004352');
    expect(screen.getByLabelText('Model')).toHaveValue('Accord');
  });

  it("reports a VIN it cannot find as 'Unable to find vin: {error}'", async () => {
    const user = userEvent.setup();
    const { toasts, stop } = collectToasts();
    lookup.mockRejectedValue(new Error('No vehicle matches this VIN'));
    renderWith(<Harness water={false} />);
    const vin = screen.getByLabelText('VIN');
    await user.type(vin, '1HGCM82633A004352');
    fireEvent.blur(vin);
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: 'Unable to find vin: No vehicle matches this VIN' }));
    stop();
  });

  it('labels the field Hull ID for water craft, warns under 12 and looks up only a full hull id', async () => {
    const user = userEvent.setup();
    renderWith(<Harness water />);
    const hull = screen.getByLabelText('Hull ID');
    await user.type(hull, 'ABC1234');
    expect(screen.getByText(HULL_WARNING)).toBeInTheDocument();
    fireEvent.blur(hull);
    expect(lookup).not.toHaveBeenCalled();
  });
});
