import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';

/** The category tree. */
@Module({ imports: [FilesModule], controllers: [CategoriesController], providers: [CategoriesService] })
export class CategoriesModule {}
