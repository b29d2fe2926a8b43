-- Version 1.1 of the privacy policy and terms (issue 34): the data protection officer, which data
-- must be given, processors and transfers by name, the risks of sending data to clinics outside the
-- EU, WhatsApp, the web host, the retention reasons and the advertising opt-in; the terms no longer
-- refer to the EU's online dispute resolution platform (repealed). Leads keep the version they were
-- sent with; new leads record this one (src/config/site.ts `policies`).
insert into private.policy_versions (version, effective_on) values ('1.1', '2026-11-26');
