/**
 * The advertising opt-in ("tell me about the next offers"), kept apart from the consent to handle
 * the request (§ 7 UWG, Art. 7 (2) GDPR): never ticked in advance, not needed to send the form. When
 * ticked, the lead carries the version of this very wording (src/config/site.ts
 * `advertisingConsent`), and the database stamps the time.
 */
export function AdvertisingOptIn({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="mt-5 flex items-start gap-3 rounded-xl bg-sand-50 p-3">
      <input
        id={id}
        type="checkbox"
        name="advertising"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-teal-700"
      />
      <label htmlFor={id} className="text-sm leading-relaxed text-ink">
        {label}
      </label>
    </div>
  );
}
