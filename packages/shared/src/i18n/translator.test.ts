import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { msg } from './msg';
import { createTranslator } from './translator';

const hindi = createTranslator('hi', {
  'Hello {name}': compileMessage('नमस्ते {name}'),
  '{count, plural, one {# session} other {# sessions}}': compileMessage('{count, plural, other {# सेशन}}'),
  'Bio must be at least {min} characters': compileMessage('बायो कम से कम {min} अक्षरों का होना चाहिए'),
  'Name is required': compileMessage('नाम लिखना ज़रूरी है'),
  'You can try again in {wait}.': compileMessage('आप {wait} बाद फिर कोशिश कर सकते हैं।'),
  '{minutes} minutes': compileMessage('{minutes} मिनट'),
});

describe('a translator', () => {
  it('writes a message in its language, values and Indian grouping included', () => {
    expect(hindi.t('Hello {name}', { name: 'अदा' })).toBe('नमस्ते अदा');
    expect(hindi.t('{count, plural, one {# session} other {# sessions}}', { count: 1234567 })).toBe(
      '12,34,567 सेशन',
    );
  });

  it('writes a message its catalogue lacks as its English, with the values filled in', () => {
    expect(hindi.t('Goodbye {name}', { name: 'Ada' })).toBe('Goodbye Ada');
    expect(hindi.t('Nothing here')).toBe('Nothing here');
  });

  it('translates a rule’s English text, found again through msg', () => {
    expect(hindi.translate(msg('Bio must be at least {min} characters', { min: 50 }))).toBe(
      'बायो कम से कम 50 अक्षरों का होना चाहिए',
    );
    expect(hindi.translate('Name is required')).toBe('नाम लिखना ज़रूरी है');
    expect(hindi.translate('Something the api made up')).toBe('Something the api made up');
  });

  it('translates a value that is a message too (a wait in words), and leaves other values as written', () => {
    const wait = msg('{minutes} minutes', { minutes: 25 });
    expect(hindi.translate(msg('You can try again in {wait}.', { wait }))).toBe(
      'आप 25 मिनट बाद फिर कोशिश कर सकते हैं।',
    );
    expect(hindi.translate(msg('You can try again in {wait}.', { wait: 'Tuesday' }))).toBe(
      'आप Tuesday बाद फिर कोशिश कर सकते हैं।',
    );
  });

  it('in English, leaves every text as it is', () => {
    const english = createTranslator('en', {});
    expect(english.translate(msg('Bio must be at least {min} characters', { min: 50 }))).toBe(
      'Bio must be at least 50 characters',
    );
    expect(english.t('Hello {name}', { name: 'Ada' })).toBe('Hello Ada');
  });
});
