import type { ReactElement } from 'react';
import { WEB_MENU, WEB_PAGE_LABELS, type WebPage } from '@backoffice/contracts';
import {
  ContactCardRegular,
  DocumentTextRegular,
  InfoRegular,
  MoneyRegular,
  PeopleTeamRegular,
  ShieldLockRegular,
} from '@fluentui/react-icons';
import { PageHeader } from '../../../components/layout';
import { LinkTileGrid, type LinkTileProps } from '../../../components/navigation';

const ENTRIES: Record<WebPage, { description: string; icon: ReactElement }> = {
  About: { description: 'Who the business is and how it works.', icon: <InfoRegular /> },
  Team: { description: 'The people of the team, with pictures.', icon: <PeopleTeamRegular /> },
  MakeMoneyWithUs: { description: 'Partner and affiliate offers.', icon: <MoneyRegular /> },
  Policies: { description: 'The privacy policy.', icon: <ShieldLockRegular /> },
  Terms: { description: 'Terms of service.', icon: <DocumentTextRegular /> },
  Contacts: { description: 'Addresses, phone numbers and emails.', icon: <ContactCardRegular /> },
};

const TILES: readonly LinkTileProps[] = WEB_MENU.map((page) => ({
  to: `/admin/web/${page}`,
  testId: `web-${page}`,
  title: WEB_PAGE_LABELS[page],
  description: ENTRIES[page].description,
  icon: ENTRIES[page].icon,
}));

/** The web menu (/admin/web): one tile per page of the website. */
export default function WebMenuScreen() {
  return (
    <>
      <PageHeader title="Web" description="Choose a page of the website to edit its articles." />
      <LinkTileGrid label="Web pages" tiles={TILES} />
    </>
  );
}
