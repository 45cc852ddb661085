import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  AppointmentSettingsInputSchema,
  SlotQuerySchema,
  type AppointmentSettings,
  type BranchSlots,
  type SaveAppointmentSettingsResponse,
} from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { BranchIdParamsDto } from '../branches/branch-id.params';
import { AppointmentSettingsService } from './appointment-settings.service';

class AppointmentSettingsInputDto extends createZodDto(AppointmentSettingsInputSchema) {}
class SlotQueryDto extends createZodDto(SlotQuerySchema) {}

@ApiTags('appointments')
@Roles('Manager')
@Controller('api/branches/:id')
export class AppointmentSettingsController {
  constructor(private readonly settings: AppointmentSettingsService) {}

  @Get('appointment-settings')
  get(@Param() params: BranchIdParamsDto): Promise<AppointmentSettings> {
    return this.settings.get(params.id);
  }

  @Put('appointment-settings')
  save(@Param() params: BranchIdParamsDto, @Body() body: AppointmentSettingsInputDto): Promise<SaveAppointmentSettingsResponse> {
    return this.settings.save(params.id, body);
  }

  /** Free slots: ?from=YYYY-MM-DD&to=YYYY-MM-DD, dates in the branch's time zone. */
  @Get('slots')
  slots(@Param() params: BranchIdParamsDto, @Query() query: SlotQueryDto): Promise<BranchSlots> {
    return this.settings.slots(params.id, query);
  }
}
