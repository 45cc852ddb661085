import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureCatalogueHttp } from './catalogue.http';

void bootstrapService(AppModule, { title: 'catalogue', configure: configureCatalogueHttp });
