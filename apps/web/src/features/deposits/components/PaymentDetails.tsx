import { DEMO_BANK_NOTE, type PaymentMethod } from '@app/shared/schemas/payment-methods';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { appConfig } from '../../../lib/config';
import { CopyButton } from '../../../ui';
import { DemoDetailsNotice } from './DemoDetailsNotice';

/** Seed: QR code size 256, error level L. */
export const QR_SIZE = 256;

/** Where to send the money: a crypto address (QR and copy) or a bank account with its reference rules. */
export function PaymentDetails({ method }: { method: PaymentMethod }) {
  return (
    <div className="flex flex-col gap-5">
      {method.isDemo && <DemoDetailsNotice use="deposit" />}
      {method.kind === 'crypto' && method.address ? (
        <CryptoDetails method={method} address={method.address} />
      ) : (
        <BankDetails method={method} />
      )}
    </div>
  );
}

function CryptoDetails({ method, address }: { method: PaymentMethod; address: string }) {
  const { t } = useTranslation('deposits');
  return (
    <AddressWithQr
      address={address}
      qrTitle={t('payment.qrTitle', { method: method.name })}
      addressLabel={t('payment.addressLabel', { method: method.name })}
      copiedMessage={t('payment.addressCopied', { method: method.name })}
    >
      {method.network && (
        <p className="rounded-lg border border-warning/30 bg-warning/5 px-3 py-2 text-sm text-warning">
          {t('payment.networkWarning', { method: method.name, network: method.network })}
        </p>
      )}
    </AddressWithQr>
  );
}

/**
 * A deposit address as the seed's payment page shows it: the QR code (256, level L), the address
 * and its copy button ('Copied' for 2 s, a toast), then `children` (the warnings) below them.
 */
export function AddressWithQr({
  address,
  qrTitle,
  addressLabel,
  copiedMessage,
  children,
}: {
  address: string;
  qrTitle: string;
  addressLabel: string;
  copiedMessage: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('deposits');
  return (
    <div className="flex flex-col items-center gap-5 lg:flex-row lg:items-start">
      <figure className="shrink-0 rounded-2xl bg-white p-3">
        <QRCodeSVG
          value={address}
          size={QR_SIZE}
          level="L"
          title={qrTitle}
          className="block h-auto max-w-full"
        />
      </figure>
      <div className="flex w-full min-w-0 flex-col gap-4">
        <div>
          <p className="text-sm text-muted">{addressLabel}</p>
          <p
            data-testid="deposit-address"
            className="mt-1 rounded-lg border border-border bg-surface-2 px-3 py-2.5 font-mono text-sm break-all text-text"
          >
            {address}
          </p>
        </div>
        <CopyButton
          value={address}
          label={t('payment.copyAddress')}
          className="self-start"
          onCopied={() => toast.success(copiedMessage)}
        />
        {children}
      </div>
    </div>
  );
}

function BankDetails({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('deposits');
  const rows: [string, string | null][] = [
    [t('bank.bankName'), method.bankName],
    [t('bank.accountName'), method.accountName],
    [t('bank.accountNumber'), method.accountNumber],
    [t('bank.swiftCode'), method.swiftCode],
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="divide-y divide-border rounded-xl border border-border bg-surface-2">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div
              key={label}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
            >
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="flex items-center gap-2 font-mono text-sm break-all text-text">
                {value}
              </dd>
            </div>
          ))}
      </dl>
      {method.accountNumber && (
        <CopyButton
          value={method.accountNumber}
          label={t('bank.copyAccountNumber')}
          className="self-start"
          onCopied={() => toast.success(t('payment.addressCopied', { method: method.name }))}
        />
      )}
      {/* The operator's own note is theirs, not a reference to type: it is labelled as theirs. The
          seed's demo note is the product's, worded in the reader's language. */}
      <div className="rounded-lg border border-warning/30 bg-warning/5 px-3 py-2 text-sm text-warning">
        <p className="font-medium">
          {method.referenceInstructions
            ? t('bank.operatorNoteTitle', { brand: appConfig.brandName })
            : t('bank.referenceTitle')}
        </p>
        <p className="mt-1 break-words">
          {method.referenceInstructions === DEMO_BANK_NOTE
            ? t('bank.demoNote')
            : (method.referenceInstructions ?? t('bank.referenceDefault'))}
        </p>
      </div>
    </div>
  );
}
