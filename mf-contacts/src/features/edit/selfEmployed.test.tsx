import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { renderWith } from '../../test/render';
import { GeneralFields } from './PersonFields';
import { isSelfEmployed, selfEmployedChange } from './selfEmployed';

jest.mock('@agency/api-client', () => ({
  valuesApi: { list: jest.fn().mockResolvedValue([]), add: jest.fn() },
  errorMessage: (e: unknown) => String(e),
}));

describe('the self-employed rule', () => {
  it('sets the occupation and clears employer, employees (0) and business type', () => {
    expect(selfEmployedChange(true)).toEqual({ occupation: 'Self Employed', employerName: '', employees: 0, businessType: '' });
    expect(selfEmployedChange(false)).toEqual({ occupation: '', employees: null, businessType: '' });
    expect(isSelfEmployed({ occupation: 'Self Employed' })).toBe(true);
    expect(isSelfEmployed({ occupation: 'Nurse' })).toBe(false);
  });

  it('locks the occupation and swaps the employer for employees and business type', async () => {
    const user = userEvent.setup();
    let values: Record<string, unknown> = {};
    function Probe() {
      const form = Form.useFormInstance();
      values = Form.useWatch([], { form, preserve: true }) ?? {};
      return null;
    }
    renderWith(
      <Form layout="vertical" initialValues={{ occupation: 'Nurse', employerName: 'City Hospital' }}>
        <GeneralFields level="primary" />
        <Probe />
      </Form>,
    );
    expect(screen.getByLabelText('Employer')).toHaveValue('City Hospital');
    expect(screen.queryByLabelText('Employees')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Self Employed' }));
    expect(screen.getByLabelText('Occupation')).toHaveValue('Self Employed');
    expect(screen.getByLabelText('Occupation')).toBeDisabled();
    expect(screen.queryByLabelText('Employer')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Employees')).toHaveValue('0');
    expect(screen.getByLabelText('Business Type')).toBeInTheDocument();
    await waitFor(() => expect(values.employerName).toBe(''));

    await user.click(screen.getByRole('checkbox', { name: 'Self Employed' }));
    expect(screen.getByLabelText('Occupation')).toBeEnabled();
    expect(screen.getByLabelText('Occupation')).toHaveValue('');
    expect(screen.getByLabelText('Employer')).toBeInTheDocument();
    expect(screen.queryByLabelText('Employees')).not.toBeInTheDocument();
  });

  it('applies to the co-applicant under the co field names', async () => {
    const user = userEvent.setup();
    let values: Record<string, unknown> = {};
    function Probe() {
      values = Form.useWatch([], { form: Form.useFormInstance(), preserve: true }) ?? {};
      return null;
    }
    renderWith(
      <Form layout="vertical">
        <GeneralFields level="secondary" />
        <Probe />
      </Form>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Self Employed' }));
    await waitFor(() => expect(values).toMatchObject({ coOccupation: 'Self Employed', coEmployees: 0, coBusinessType: '', coEmployerName: '' }));
  });
});
