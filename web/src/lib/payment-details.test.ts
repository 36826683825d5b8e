import { describe, expect, it } from 'vitest';
import { paymentDetailsIssues } from './payment-details';

const valid = {
  billingName: 'Acme AB',
  addressLine: 'Storgatan 1',
  postalCode: '111 56',
  city: 'Stockholm',
  organisationNumber: '556677-8899',
};

describe('paymentDetailsIssues', () => {
  it('passes a complete form, the postal code with or without its space', () => {
    expect(paymentDetailsIssues(valid)).toEqual({});
    expect(paymentDetailsIssues({ ...valid, postalCode: '11156' })).toEqual({});
  });

  it('finds every empty required input before a request, as the API words it', () => {
    const issues = paymentDetailsIssues({
      billingName: '',
      addressLine: '  ',
      postalCode: '',
      city: '',
      organisationNumber: '',
    });
    expect(issues.billingName?.code).toBe('validation.required');
    expect(issues.addressLine?.code).toBe('validation.onlySpaces');
    expect(issues.postalCode?.code).toBe('validation.required');
    expect(issues.city?.code).toBe('validation.required');
    expect(issues.number).toBeDefined();
  });

  it('refuses a badly written postal code and a city of digits only', () => {
    expect(paymentDetailsIssues({ ...valid, postalCode: '1234' })).toEqual({
      postalCode: { code: 'validation.invalidPostalCode' },
    });
    expect(paymentDetailsIssues({ ...valid, city: '1234' })).toEqual({
      city: { code: 'validation.invalidCity' },
    });
  });

  it('puts a personal identity number problem at the number input', () => {
    const { organisationNumber: _, ...person } = valid;
    expect(Object.keys(paymentDetailsIssues({ ...person, personalNumber: '123' }))).toEqual(['number']);
  });
});
