import { Injectable } from '@nestjs/common';
import { newWebArticle, type WebArticleValues } from '@backoffice/contracts';
import { WebArticleEntity } from '../web-pages/web-article.entity';
import { DemoRowsSeed } from './demo-rows.seed';

const article = (values: Partial<WebArticleValues> & Pick<WebArticleValues, 'page' | 'title'>): WebArticleValues => ({
  ...newWebArticle(values.page),
  ...values,
});

const DEMO: WebArticleValues[] = [
  article({
    page: 'About',
    sort: 1,
    title: 'Who we are',
    shortDescription: 'A family-run services company helping people with paperwork, translations and deliveries since 2009.',
    fullDescription:
      '<h2>Our story</h2><p>We started with one office and a simple promise: <strong>every request answered the same day</strong>.</p><ul><li>12 branches</li><li>40 specialists</li><li>Over 25,000 clients served</li></ul>',
    metaTitle: 'About us',
    metaDescription: 'Who we are and how we work.',
    tags: 'company,history',
  }),
  article({
    page: 'About',
    sort: 2,
    title: 'How we work',
    shortDescription: 'Order online, upload your documents, and follow every step until delivery.',
    fullDescription: '<ol><li>Choose a service</li><li>Upload the required files</li><li>We verify, fill and deliver</li></ol>',
    tags: 'process',
  }),
  article({
    page: 'Team',
    sort: 1,
    title: 'Maria Lopez',
    shortDescription: 'Head of client services. Speaks English, Spanish and Arabic.',
    fullDescription: '<p>Maria has led our client services team for eight years.</p>',
    tags: 'management,client services',
  }),
  article({
    page: 'Team',
    sort: 2,
    title: 'Omar Haddad',
    shortDescription: 'Certified translator for legal and immigration documents.',
    tags: 'translation',
  }),
  article({ page: 'Contacts', sort: 1, title: 'Head office: 120 Main Street, Springfield' }),
  article({ page: 'Contacts', sort: 2, title: 'Phone: +1 555 0100' }),
  article({ page: 'Contacts', sort: 3, title: 'Email: hello@example.com' }),
  article({
    page: 'Policies',
    sort: 1,
    title: 'Privacy policy',
    shortDescription: 'What we collect, why, and how long we keep it.',
    fullDescription: '<p>We only keep the documents a service needs, and delete them 90 days after delivery.</p>',
  }),
  article({
    page: 'Terms',
    sort: 1,
    title: 'Terms of service',
    shortDescription: 'The rules of using our website and services.',
    fullDescription: '<p>Prices include tax unless stated otherwise. Refunds are possible until work has started.</p>',
  }),
  article({
    page: 'MakeMoneyWithUs',
    sort: 1,
    title: 'Become a partner branch',
    shortDescription: 'Open a partner branch in your city and earn a share of every order.',
    tags: 'partners',
  }),
];

/** Demo articles for every page, once, when SEED_DEMO_DATA=true and there are none yet. */
@Injectable()
export class WebPagesSeed extends DemoRowsSeed<WebArticleEntity> {
  protected readonly entity = WebArticleEntity;
  protected readonly rows = DEMO.map((values) => ({ ...values, createdAt: new Date(), updatedAt: new Date() }));
  protected readonly what = 'demo web articles';
}
