import { describe, expect, it } from 'vitest';
import { freedSlotMail, passwordResetMail, userWritten, verificationCodeMail } from './templates';

describe('mail templates', () => {
  it('put the code in the subject, the text and the HTML of the verification mail', () => {
    const mail = verificationCodeMail('ada@example.org', 'Ada', '042917', 10);
    expect(mail.to).toBe('ada@example.org');
    expect(mail.subject).toContain('042917');
    expect(mail.text).toContain('Your Skillroute verification code is: 042917');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('>042917</p>');
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('put the link in the text and as a link in the HTML of the reset mail', () => {
    const link = 'http://localhost:3000/reset-password?token=abc_DEF-123';
    const mail = passwordResetMail('ada@example.org', 'Ada', link, 30);
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('30 minutes');
  });

  it("name the mentor, how many slots are free, and link to their page in the waitlist's mail, escaping the name in the HTML", () => {
    const link = 'http://localhost:3000/mentor-profile/0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11';
    const mail = freedSlotMail('ada@example.org', {
      name: 'Ada',
      mentorName: 'Asha <Rao>',
      freeNow: 3,
      link,
    });
    expect(mail.subject).toBe('A slot with Asha <Rao> freed up');
    expect(mail.text).toContain(
      'A slot with Asha <Rao> freed up: 3 slots are free in the next 14 days. Book before someone else does.',
    );
    expect(mail.text).toContain('at most once in 24 hours');
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Asha &lt;Rao&gt;');
    expect(mail.html).not.toContain('Asha <Rao>');
  });

  it('escape what a person typed, so a name cannot inject HTML', () => {
    const mail = verificationCodeMail('a@example.org', '<b onclick="x">Eve</b>', '123456', 10);
    expect(mail.html).not.toContain('<b onclick');
    expect(mail.html).toContain('&lt;b onclick=&quot;x&quot;&gt;Eve&lt;/b&gt;');
  });

  it('make no link of what a person wrote and drop the characters that reorder text', () => {
    const written = 'Eve https://evil.example/pay \u202Efdp.exe www.x.example eve@evil.example';
    const plain = userWritten(written);
    expect(plain).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    for (const link of ['https://', 'evil.example', 'www.x', 'eve@evil']) expect(plain).not.toContain(link);
    // It reads the same: only invisible characters were added, and the reordering one taken away.
    expect(plain.replaceAll('\u200b', '')).toBe(written.replace('\u202E', ''));
    // Words end in a full stop followed by a space, as before.
    expect(userWritten('Dr. Rao: at 5. Sorry!')).toBe('Dr. Rao: at 5. Sorry!');

    const mail = freedSlotMail('ada@example.org', {
      name: 'Ada\u202E',
      mentorName: 'Mike.example',
      freeNow: 1,
      link: 'http://localhost:3000/m/1',
    });
    expect(mail.subject).toBe('A slot with Mike.\u200bexample freed up');
    expect(mail.text).not.toContain('\u202E');
    expect(mail.html).not.toContain('Mike.example');
    expect(verificationCodeMail('a@example.org', 'see.me', '123456', 10).text).not.toContain('see.me');
    expect(passwordResetMail('a@example.org', 'see.me', 'http://l/r', 10).text).not.toContain('see.me');
  });
});
