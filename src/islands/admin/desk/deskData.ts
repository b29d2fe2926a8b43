/**
 * The calls of issue 32's screens: templates, the first-contact settings, routing and the
 * speed-to-lead report (security-definer functions that check the caller's session and role
 * themselves; owners save templates through public.save_message_template, issue 41).
 */
import type { SpeedReport } from '~/lib/admin/speed-report.ts';
import type { Database } from '~/lib/database.types.ts';
import { staffWrite } from '~/lib/admin/writes.ts';
import { supabase } from '~/lib/supabase.ts';
import { dataError, type MessageTemplate } from '../contact/contactData.ts';

export const deskKeys = {
  variables: ['admin', 'message_template_variables'] as const,
  settings: ['admin', 'first_contact_settings'] as const,
  routing: ['admin', 'routing_settings'] as const,
  report: (from: string, to: string) => ['admin', 'first_contact_report', from, to] as const,
};

export type TemplateFields = Pick<
  MessageTemplate,
  'title_ar' | 'title_en' | 'body_ar' | 'body_en' | 'position'
>;

/** The variables the database accepts in a template. */
export async function fetchTemplateVariables(): Promise<string[]> {
  const { data, error, status } = await supabase.rpc('message_template_variables');
  if (error) throw dataError(error, status);
  return data ?? [];
}

/**
 * Adds a template under the id its editor made (`id`): a repeat after a lost answer is the same
 * template, not a second one (public.save_message_template, issue 41).
 */
export async function addTemplate(id: string, fields: TemplateFields): Promise<void> {
  await staffWrite('save_message_template', {
    _id: id,
    _expected_updated_at: null as unknown as string, // a new template
    _fields: fields,
  });
}

/**
 * Saves a template only if it is still as it was opened (its updated_at): a template another
 * owner saved since is refused by the database (StaleVersionError, who and when), not overwritten.
 */
export async function saveTemplate(
  id: string,
  openedAt: string,
  fields: Partial<TemplateFields> & { archived_at?: string | null },
): Promise<void> {
  await staffWrite('save_message_template', {
    _id: id,
    _expected_updated_at: openedAt,
    _fields: fields,
  });
}

export interface FirstContactSettings {
  time_zone: string;
  work_days: number[];
  day_start: string;
  day_end: string;
  contact_minutes: number;
  escalate_minutes: number;
  updated_at: string;
  updated_by: string | null;
}

export async function fetchFirstContactSettings(): Promise<FirstContactSettings> {
  const { data, error, status } = await supabase.rpc('first_contact_settings');
  if (error) throw dataError(error, status);
  return data as unknown as FirstContactSettings;
}

/**
 * Saves the settings over the ones the form opened (their updated_at, issue 41): settings another
 * owner saved since are not overwritten (StaleVersionError: who and when).
 */
export async function saveFirstContactSettings(
  settings: Omit<FirstContactSettings, 'updated_by'>,
): Promise<FirstContactSettings> {
  const { time_zone, work_days, day_start, day_end, contact_minutes, escalate_minutes } = settings;
  const data = await staffWrite('save_first_contact_settings', {
    _expected_updated_at: settings.updated_at,
    _settings: { time_zone, work_days, day_start, day_end, contact_minutes, escalate_minutes },
  });
  return data as unknown as FirstContactSettings;
}

type Language = Database['public']['Enums']['site_language'];
type Service = Database['public']['Enums']['request_service'];

export interface StaffRouting {
  id: string;
  username: string;
  display_name: string | null;
  role: 'owner' | 'coordinator';
  active: boolean;
  on_duty: boolean;
  languages: Language[];
  services: Service[];
  last_routed_at: string | null;
}

export interface RoutingSettings {
  enabled: boolean;
  by_language: boolean;
  by_service: boolean;
  updated_at: string;
  updated_by: string | null;
  staff: StaffRouting[];
}

export async function fetchRouting(): Promise<RoutingSettings> {
  const { data, error, status } = await supabase.rpc('routing_settings');
  if (error) throw dataError(error, status);
  return data as unknown as RoutingSettings;
}

/** Saves the rule over the one shown (its updated_at): one saved since is not overwritten. */
export async function saveRoutingRule({
  updated_at,
  ...rule
}: Pick<
  RoutingSettings,
  'enabled' | 'by_language' | 'by_service' | 'updated_at'
>): Promise<RoutingSettings> {
  const data = await staffWrite('save_routing_rule', {
    _expected_updated_at: updated_at,
    _rule: rule,
  });
  return data as unknown as RoutingSettings;
}

export async function setStaffRouting(
  staffId: string,
  settings: Partial<Pick<StaffRouting, 'on_duty' | 'languages' | 'services'>>,
): Promise<RoutingSettings> {
  const { data, error, status } = await supabase.rpc('set_staff_routing', {
    _staff_id: staffId,
    _settings: settings,
  });
  if (error) throw dataError(error, status);
  return data as unknown as RoutingSettings;
}

/** The report for requests created in [from, to). */
export async function fetchSpeedReport(from: Date, to: Date): Promise<SpeedReport> {
  const { data, error, status } = await supabase.rpc('first_contact_report', {
    _from: from.toISOString(),
    _to: to.toISOString(),
  });
  if (error) throw dataError(error, status);
  return data as unknown as SpeedReport;
}
