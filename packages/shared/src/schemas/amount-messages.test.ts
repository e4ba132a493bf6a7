import { englishMessage } from '../rules';
import { describe, expect, it } from 'vitest';
import { amountTextProblem } from '../money';
import { bankWithdrawalSchema, createDepositSchema, cryptoWithdrawalSchema } from './money';

const depositMessage = (amount: unknown) =>
  englishMessage(
    createDepositSchema.shape.amount.safeParse(amount).error?.issues[0]?.message ?? 'none',
  );
const bankMessage = (amount: unknown) =>
  englishMessage(
    bankWithdrawalSchema.shape.amount.safeParse(amount).error?.issues[0]?.message ?? 'none',
  );
const cryptoMessage = (amount: unknown) =>
  englishMessage(
    cryptoWithdrawalSchema.shape.amount.safeParse(amount).error?.issues[0]?.message ?? 'none',
  );

describe('amount messages say the real problem', () => {
  it('classifies what parseUsdToCents refuses', () => {
    expect(amountTextProblem('12.50')).toBeNull();
    expect(amountTextProblem('-50')).toBe('negative');
    expect(amountTextProblem(' - $5')).toBe('negative');
    expect(amountTextProblem(-5)).toBe('negative');
    expect(amountTextProblem('abc')).toBe('not_a_number');
    expect(amountTextProblem('12abc')).toBe('not_a_number');
    expect(amountTextProblem('1.234')).toBe('too_many_decimals');
    expect(amountTextProblem(1.234)).toBe('too_many_decimals');
    expect(amountTextProblem('1234567890123')).toBe('too_large');
  });

  it('deposit: seed message when empty, then not a number, negative, decimals', () => {
    expect(depositMessage('')).toBe('Please enter an amount');
    expect(depositMessage('abc')).toBe('Amount must be a number');
    expect(depositMessage('-50')).toBe('Amount must be greater than $0.00');
    expect(depositMessage('0')).toBe('Amount must be greater than $0.00');
    expect(depositMessage('1.234')).toBe('Please enter a valid amount with at most 2 decimals');
    expect(depositMessage('50')).toBe('none');
  });

  it("bank withdrawal: 'Amount is required' only when empty; the minimum is named", () => {
    expect(bankMessage('')).toBe('Amount is required');
    expect(bankMessage(undefined)).toBe('Amount is required');
    expect(bankMessage('0.5')).toBe('Amount must be at least $1.00');
    expect(bankMessage('abc')).toBe('Amount must be a number');
    expect(bankMessage('-10')).toBe('Amount must be greater than $0.00');
    expect(bankMessage('1000001')).toBe('Amount must be less than 1,000,000');
    expect(bankMessage('1')).toBe('none');
  });

  it('crypto withdrawal: the seed message when empty, the minimum when below $1', () => {
    expect(cryptoMessage('')).toBe('Please enter an amount');
    expect(cryptoMessage('0.99')).toBe('Amount must be at least $1.00');
    expect(cryptoMessage('abc')).toBe('Amount must be a number');
  });
});
