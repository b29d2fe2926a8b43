/**
 * The send button and its spoken status under a composer in the request dialog (the reply to the
 * patient's page, the WhatsApp message): one press sends; after a lost answer the same button
 * sends the same message again (its idempotency key), never a second one; the status says what
 * the server holds, or what is wrong, in the colour of a problem.
 */
export function SendRow({
  labels,
  sending,
  lost,
  disabled,
  onSend,
  status,
  problem,
  testIds,
}: {
  labels: { send: string; sending: string; retry: string };
  sending: boolean;
  /** The last press's answer was lost: the button sends the same message again. */
  lost: boolean;
  disabled: boolean;
  onSend: () => void;
  status: string;
  problem: boolean;
  testIds: { button: string; status: string };
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn btn-primary min-h-11 px-4 py-2"
        disabled={disabled}
        onClick={onSend}
        data-testid={testIds.button}
      >
        {sending ? labels.sending : lost ? labels.retry : labels.send}
      </button>
      <p
        role="status"
        className={`text-sm font-semibold ${problem ? 'text-offer-700' : 'text-teal-900'}`}
        data-testid={testIds.status}
      >
        {status}
      </p>
    </div>
  );
}
