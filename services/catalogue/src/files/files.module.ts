import { Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';

/** Uploaded images and their storage; categories and services refer to them. */
@Module({ controllers: [FilesController], providers: [FilesService, FileStore], exports: [FilesService] })
export class FilesModule {}
