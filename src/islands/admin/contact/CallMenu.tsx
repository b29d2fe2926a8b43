import { Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { callOutcomeLabel, type CallOutcome } from '~/lib/admin/contact-events.ts';
import { telUrl } from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { toLocalInput } from '~/lib/admin/team.ts';
import { logCall } from './contactData.ts';
import { hideSheet, Sheet } from './Sheet.tsx';
import { useContactLog } from './useContactLog.ts';

interface CallMenuProps {
  request: ContactRequest;
  /**
   * In the request dialog: a call-back time goes into the dialog's own follow-up field (saved with
   * «حفظ») instead of being saved on its own, so the open dialog's edits stay saveable.
   */
  onCallBack?: (at: Date) => void;
}

const inAnHour = () => new Date(Date.now() + 3_600_000);
const tomorrowAtTen = () => {
  const at = new Date();
  at.setDate(at.getDate() + 1);
  at.setHours(10, 0, 0, 0);
  return at;
};

/** A call-back time the database takes: later than now, within a year. */
function callBackTimeValid(at: Date): boolean {
  const ms = at.getTime();
  return ms > Date.now() && ms <= Date.now() + 365 * 86_400_000;
}

/**
 * «اتصال»: dials the patient (a tel: link, from the click itself) and opens the outcome sheet, so a
 * call is recorded in two taps: answered, no answer, wrong number, or a call back (in an hour,
 * tomorrow at 10:00, or a time picked), which becomes the follow-up.
 */
export function CallMenu({ request, onCallBack }: CallMenuProps) {
  const id = `call-${useId().replace(/:/g, '')}`;
  const [custom, setCustom] = useState('');
  const [invalid, setInvalid] = useState(false);
  const record = useContactLog(request.id);
  const tel = telUrl(request.phone, request.country_code);
  if (!tel) return null;

  const choose = (outcome: CallOutcome, at: Date | null = null) => {
    if (at && !callBackTimeValid(at)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    hideSheet(id);
    const inForm = Boolean(at && onCallBack);
    record(
      (key) => logCall(request.id, outcome, at, !inForm, key),
      () => {
        toast.success(
          adminText('admin.contact.callLogged', { outcome: callOutcomeLabel(outcome) }),
        );
        if (at && onCallBack) {
          onCallBack(at);
          toast.info(adminText('admin.contact.callBackInForm'));
        }
      },
    );
  };
  const option = 'btn btn-ghost min-h-10 w-full justify-start px-4 py-1.5 text-sm';
  return (
    <>
      <a
        href={tel}
        data-testid="call-button"
        aria-label={adminText('admin.contact.callLabel', { name: request.name })}
        onClick={() => document.getElementById(id)?.showPopover()}
        className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
      >
        <Phone className="size-4" aria-hidden="true" />
        {adminText('admin.contact.call')}
      </a>
      <Sheet
        id={id}
        title={adminText('admin.contact.callOutcome', { name: request.name })}
        testId="call-sheet"
      >
        <div className="grid gap-2 sm:grid-cols-2">
          {(['answered', 'no_answer', 'wrong_number'] as const).map((outcome) => (
            <button key={outcome} type="button" className={option} onClick={() => choose(outcome)}>
              {callOutcomeLabel(outcome)}
            </button>
          ))}
          <button type="button" className={option} onClick={() => choose('call_back', inAnHour())}>
            {adminText('admin.contact.callBackHour')}
          </button>
          <button
            type="button"
            className={option}
            onClick={() => choose('call_back', tomorrowAtTen())}
          >
            {adminText('admin.contact.callBackTomorrow')}
          </button>
        </div>
        {/* Not a <form>: in the request dialog this sits inside the dialog's own form. */}
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <label className="grow text-xs font-semibold text-muted">
            {adminText('admin.contact.callBackAt')}
            <input
              type="datetime-local"
              dir="ltr"
              value={custom}
              min={toLocalInput(new Date().toISOString())}
              max="2099-12-31T23:59"
              aria-invalid={invalid}
              onChange={(event) => setCustom(event.target.value)}
              onKeyDown={(event) => {
                // Enter would submit the dialog's form around the sheet.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                if (custom) choose('call_back', new Date(custom));
              }}
              className="mt-1 block min-h-10 w-full rounded-xl border border-sand-300 bg-white px-3 text-base text-ink"
            />
          </label>
          <button
            type="button"
            className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
            onClick={() => (custom ? choose('call_back', new Date(custom)) : setInvalid(true))}
          >
            {adminText('admin.contact.callBackSave')}
          </button>
        </div>
        {invalid && (
          <p role="alert" className="mt-2 text-sm text-offer-700">
            {adminText('admin.contact.callBackInvalid')}
          </p>
        )}
      </Sheet>
    </>
  );
}
