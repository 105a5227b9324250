import { describe, expect, it } from 'vitest';
import { priorityColors, statusColors } from './badgeColors';

describe('badge colours', () => {
  it('gives each status of the spec its colour and anything else gray', () => {
    expect(statusColors('Open').color).toBe('#15803d');
    expect(statusColors('Pending').color).toBe('#1d4ed8');
    expect(statusColors('Closed')).toEqual(statusColors('Resolved'));
    expect(statusColors(undefined)).toEqual(statusColors('Closed'));
  });

  it('gives High red, Medium amber, Low green and anything else gray', () => {
    expect(priorityColors('High').color).toBe('#b91c1c');
    expect(priorityColors('Medium').color).toBe('#b45309');
    expect(priorityColors('Low').color).toBe('#15803d');
    expect(priorityColors('Urgent')).toEqual(statusColors('Closed'));
  });
});
