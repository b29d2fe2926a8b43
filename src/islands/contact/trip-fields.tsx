/** The wizard's last step: readiness and timing, both optional (issue 12). */
import type { ReactNode } from 'react';
import type { UiKey } from '~/i18n/ui/ar.ts';
import { readinessOptions, timingOptions } from '~/lib/lead-form.ts';
import { describedBy, FieldError, Optional, pill, type FieldKit } from './fields.tsx';

function ChoiceGroup({
  kit,
  name,
  legend,
  options,
  prefix,
}: {
  kit: FieldKit;
  name: 'readyToTravel' | 'appointmentTime';
  legend: string;
  options: readonly string[];
  prefix: 'form.readiness' | 'form.timing';
}) {
  const { s, values, update } = kit;
  return (
    <fieldset aria-describedby={describedBy(kit, name)}>
      <legend className="mb-2 font-semibold text-teal-900">
        {legend}
        <Optional kit={kit} />
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.map((option) => {
          const checked = values[name] === option;
          return (
            <label key={option} className={`${pill(checked)} min-h-12 rounded-xl px-3 text-center`}>
              <input
                type="radio"
                name={name}
                value={option}
                checked={checked}
                onChange={() => update({ [name]: option })}
                className="sr-only"
              />
              {s(`${prefix}.${option}` as UiKey)}
            </label>
          );
        })}
      </div>
      <FieldError kit={kit} name={name} />
    </fieldset>
  );
}

/** Readiness and timing: optional (stored as the spec's defaults, maybe and flexible, if skipped). */
export function TripFields({ kit }: { kit: FieldKit }): ReactNode {
  return (
    <>
      <ChoiceGroup
        kit={kit}
        name="readyToTravel"
        legend={kit.s('form.readiness')}
        options={readinessOptions}
        prefix="form.readiness"
      />
      <ChoiceGroup
        kit={kit}
        name="appointmentTime"
        legend={kit.s('form.timing')}
        options={timingOptions}
        prefix="form.timing"
      />
    </>
  );
}
