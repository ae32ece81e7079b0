import { useGetAlertSettingsQuery, usePutAlertSettingsMutation } from '../lib/api/alertSettings';
import { SettingSwitch } from './SettingSwitch';

export const DIGEST_LABEL = 'Daily digest e-mail';

/**
 * The account's daily digest on or off (alert settings): one e-mail a day with the new matches of
 * the searches set to 'Daily' (and saved cars' news, when they are).
 */
export function DigestSwitch() {
  const { data } = useGetAlertSettingsQuery();
  const [put, putting] = usePutAlertSettingsMutation();
  return (
    <SettingSwitch
      label={DIGEST_LABEL}
      help="One e-mail a day with the new cars of the searches set to ‘Daily’."
      checked={data?.digest ?? false}
      disabled={!data || putting.isLoading}
      save={async (digest) => {
        if (data) await put({ body: { ...data, digest } }).unwrap();
      }}
    />
  );
}
