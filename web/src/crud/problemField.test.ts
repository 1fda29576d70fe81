import { describe, expect, it } from 'vitest';
import { formFieldOf, lastPartOf } from './problemField';

describe('the form field of a problem', () => {
  it('is the last part of the dotted path by default', () => {
    expect(lastPartOf('user.password')).toBe('password');
    expect(lastPartOf('name')).toBe('name');
    expect(formFieldOf('group.name')).toBe('name');
  });

  it("is the screen's own mapping when it names one, else the last part", () => {
    const fieldOfPath = (path: string) =>
      path === 'hosts_settings.redundancy_percentage' ? 'hostRedundancyPercentage' : undefined;
    expect(formFieldOf('hosts_settings.redundancy_percentage', fieldOfPath)).toBe('hostRedundancyPercentage');
    expect(formFieldOf('hosts_settings.reorder', fieldOfPath)).toBe('reorder');
  });
});
