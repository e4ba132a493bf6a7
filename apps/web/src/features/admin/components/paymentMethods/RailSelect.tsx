import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../../ui';
import { chainRailsQuery } from '../../../deposits/chainApi';

/** A method's rail as the form keeps it: a network key and a token symbol, both '' for none. */
export interface RailValue {
  railNetwork: string;
  railToken: string;
}

const keyOf = (rail: RailValue) =>
  rail.railNetwork ? `${rail.railNetwork}/${rail.railToken}` : '';

/**
 * Which crypto rail a crypto method pays out on: none, or one of the server's configured rails
 * (a rail the method has that is no longer configured stays listed, so the form shows the truth).
 */
export function RailSelect({
  value,
  error,
  onChange,
}: {
  value: RailValue;
  error?: string | undefined;
  onChange: (value: RailValue) => void;
}) {
  const { t } = useTranslation('admin');
  const rails = useQuery(chainRailsQuery);
  const options = (rails.data ?? []).map((rail) => ({
    key: `${rail.network}/${rail.token}`,
    label: t('railPayouts.railOption', { token: rail.token, network: rail.networkName }),
    value: { railNetwork: rail.network, railToken: rail.token },
  }));
  const current = keyOf(value);
  if (current && !options.some((option) => option.key === current)) {
    options.push({
      key: current,
      label: t('railPayouts.railOption', { token: value.railToken, network: value.railNetwork }),
      value,
    });
  }
  return (
    <SelectField
      label={t('railPayouts.rail')}
      value={current}
      error={error}
      hint={options.length === 0 ? t('railPayouts.railsUnavailable') : t('railPayouts.railHint')}
      onChange={(event) =>
        onChange(
          options.find((option) => option.key === event.target.value)?.value ?? {
            railNetwork: '',
            railToken: '',
          },
        )
      }
    >
      <option value="">{t('railPayouts.railNone')}</option>
      {options.map((option) => (
        <option key={option.key} value={option.key}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
