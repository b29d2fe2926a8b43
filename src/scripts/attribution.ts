import { captureAttribution } from '~/lib/attribution.ts';

captureAttribution();
