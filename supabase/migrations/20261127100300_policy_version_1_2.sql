-- Version 1.2 of the privacy policy and terms (issue 30): the policy now says what the patient's
-- page stores when photos, X-rays and reports are sent there (the files and their thumbnails, in a
-- private bucket, read only by staff through short-lived links), why (an estimate and a plan), that
-- images are resized and their metadata removed on the device, and how long files are kept (as the
-- request; deleted at once on withdrawal, erasure or removal, a refused file at once). Leads keep
-- the version they were sent with; new leads record this one (src/config/site.ts `policies`).
insert into private.policy_versions (version, effective_on) values ('1.2', '2026-11-27');
