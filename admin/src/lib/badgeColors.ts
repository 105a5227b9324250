/** Badge colours of the spec: status Open green, Pending blue, Closed gray; priority High red, Medium amber, Low green; anything else gray. */
import { tones, type Tone } from '../palette';

export type BadgeColors = Tone;

const GRAY: BadgeColors = tones.gray;

const STATUS: Record<string, BadgeColors> = {
  Open: tones.green,
  Pending: tones.blue,
  Closed: GRAY,
};

const PRIORITY: Record<string, BadgeColors> = {
  High: tones.red,
  Medium: tones.amber,
  Low: tones.green,
};

export function statusColors(status: string | null | undefined): BadgeColors {
  return (status && STATUS[status]) || GRAY;
}

export function priorityColors(priority: string | null | undefined): BadgeColors {
  return (priority && PRIORITY[priority]) || GRAY;
}
