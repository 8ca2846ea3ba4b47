import { describe, expect, it } from 'vitest';
import type { ThankYouSettings } from '../../../contracts/api.ts';
import { fillThankYouTemplate, templateFor } from '../../../engine/actions/thank-you-message.ts';

const settings = {
  specify_business_hours: { start_time: '08:00', end_time: '17:00' },
  business_hours_settings: { template: '<p>Hi {first_name}, we call {phone} now.</p>' },
  non_business_hours_settings: { template: '<p>Hi {first_name} {last_name}, we call tomorrow.</p>' },
};

describe('the thank-you message', () => {
  it('uses the business-hours template inside the window and the other outside', () => {
    expect(templateFor(settings, new Date('2026-01-15T18:00:00Z'))).toContain('now'); // 10:00 in Los Angeles
    expect(templateFor(settings, new Date('2026-01-15T06:00:00Z'))).toContain('tomorrow'); // 22:00
  });

  it('promises a Saturday visitor the next business day when the settings name the working days', () => {
    const saturday = new Date('2026-01-17T18:00:00Z'); // 10:00 in Los Angeles
    expect(templateFor(settings, saturday)).toContain('now');
    const business_days: ThankYouSettings['specify_business_hours']['business_days'] = [
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
    ];
    const weekdays = { ...settings, specify_business_hours: { ...settings.specify_business_hours, business_days } };
    expect(templateFor(weekdays, saturday)).toContain('tomorrow');
    expect(templateFor(weekdays, new Date('2026-01-16T18:00:00Z'))).toContain('now'); // Friday 10:00
  });

  it('capitalises the names and formats the phone', () => {
    const html = fillThankYouTemplate('<p>{first_name} {last_name}: {phone}</p>', {
      first_name: 'mARY ann',
      last_name: 'smith',
      phone: '2125550123',
    });
    expect(html).toBe('<p>Mary Ann Smith: (212) 555-0123</p>');
  });

  it('escapes what the visitor typed, so it cannot become markup', () => {
    const html = fillThankYouTemplate('<p>{first_name} {last_name}</p>', {
      first_name: '<img src=x onerror=alert(1)>',
      last_name: 'o"neil & co',
      phone: '2125550123',
    });
    expect(html).not.toContain('<img');
    expect(html).toBe('<p>&lt;img Src=x Onerror=alert(1)&gt; O&quot;neil &amp; Co</p>');
  });

  it('leaves unknown placeholders as written', () => {
    expect(fillThankYouTemplate('{first_name} {unknown}', { first_name: 'ann', last_name: 'lee', phone: '' })).toBe(
      'Ann {unknown}',
    );
  });
});
