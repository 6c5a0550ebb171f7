import { useEffect, useState } from 'react';
import { t } from '../baseline/texts';
import { useVisibleMark } from '../baseline/use-visible-mark';
import { getQuery, pageQuery } from './api';

interface Registration {
  section: 'registration';
  title: string;
  subtitle?: string;
  banner?: { src: string };
  submitLabel?: string;
}
interface Template {
  appName: string;
  sections: (Registration | { section: string })[];
  agreement?: { label: string; url: string };
}

const withApp = (key: string, appName: string) => t(key).replace(/\{appName\}/g, appName);

/**
 * The registration landing page (`/register?templateId=...`) as a hand-written page: the template from
 * channel-template, then banner, title, subtitle and the form (mobile, captcha with its image, SMS code,
 * agreement, submit), then the captcha session as the screen's onLoad does.
 */
export function Landing() {
  const [tpl, setTpl] = useState<Template | null>(null);
  const [sid, setSid] = useState<string | null>(null);
  useEffect(() => {
    getQuery<Template>('/api/v2/youmi/service/channel/channel-template', {
      templateId: pageQuery().get('templateId') ?? '',
    }).then(
      (d) => {
        setTpl(d);
        return getQuery<{ sid: string }>('/api/v2/youmi/promotion/get-sid').then((s) => setSid(s.sid));
      },
      () => {},
    );
  }, []);
  useVisibleMark(tpl !== null);
  if (!tpl) return null;
  // The registration form alone: the other sections the bench's template does not have.
  const reg = tpl.sections.find((x): x is Registration => x.section === 'registration')!;
  return (
    <main>
      <img src={reg.banner?.src} alt={t('landing.bannerAlt')} style={{ width: '100%' }} />
      <h1>{withApp(reg.title, tpl.appName)}</h1>
      {reg.subtitle && <p>{withApp(reg.subtitle, tpl.appName)}</p>}
      <form onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('landing.mobile')}
          <input type="tel" placeholder={t('landing.mobilePlaceholder')} />
        </label>
        <label>
          {t('landing.captcha')}
          <input placeholder={t('landing.captchaPlaceholder')} />
        </label>
        {sid && <img alt={t('landing.captchaAlt')} src={`/sandbox/api/v2/youmi/promotion/captcha?sid=${sid}`} />}
        <label>
          {t('landing.smsCode')}
          <input inputMode="numeric" placeholder={t('landing.smsCodePlaceholder')} />
        </label>
        <button type="button">{t('landing.sendCode')}</button>
        {tpl.agreement && (
          <label>
            <input type="checkbox" /> <a href={tpl.agreement.url}>{t(tpl.agreement.label)}</a>
          </label>
        )}
        <button type="submit">{t(reg.submitLabel ?? 'landing.apply')}</button>
      </form>
    </main>
  );
}
