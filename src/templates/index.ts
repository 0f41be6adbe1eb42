/** The site's templates: which component renders each kind of page, and its front matter fields. */
import './site.css';
import type { TemplateDefinition, TemplateModule } from '../engine/template-api';
import { articleFields, caseStudyFields, positionFields, serviceFields, tenderFields } from './fields';
import { AboutPage } from './pages/AboutPage';
import { ArticlePage } from './pages/ArticlePage';
import { CareerPage } from './pages/CareerPage';
import { CaseStudyPage } from './pages/CaseStudyPage';
import { ContactPage } from './pages/ContactPage';
import { ContactResultPage } from './pages/ContactResultPage';
import { ErrorPages } from './pages/ErrorPages';
import { HomePage } from './pages/HomePage';
import { HubPage } from './pages/HubPage';
import { OfferPage } from './pages/OfferPage';
import { PositionPage } from './pages/PositionPage';
import { ServicePage } from './pages/ServicePage';
import { TenderPage } from './pages/TenderPage';

export const templates: Record<string, TemplateDefinition> = {
  home: { component: HomePage },
  hub: { component: HubPage },
  article: { component: ArticlePage, fields: articleFields, feed: true },
  service: { component: ServicePage, fields: serviceFields },
  'case-study': { component: CaseStudyPage, fields: caseStudyFields },
  tender: { component: TenderPage, fields: tenderFields },
  career: { component: CareerPage },
  position: { component: PositionPage, fields: positionFields },
  about: { component: AboutPage },
  contact: { component: ContactPage },
  offer: { component: OfferPage },
  'contact-result': { component: ContactResultPage, noindex: true },
};

export const ErrorPage: TemplateModule['ErrorPage'] = ErrorPages;
