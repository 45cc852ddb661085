import { Body, Get, Param, Put, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import {
  type AppointmentSettings,
  AppointmentSettingsInputSchema,
  AppointmentSettingsSchema,
  type BranchSlots,
  BranchSlotsSchema,
  type SaveAppointmentSettingsResponse,
  SaveAppointmentSettingsResponseSchema,
  SlotQuerySchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { BranchIdParamsDto } from '../branches/branch-id.params';
import { AppointmentSettingsService } from './appointment-settings.service';

class AppointmentSettingsInputDto extends createZodDto(AppointmentSettingsInputSchema) {}
class SlotQueryDto extends createZodDto(SlotQuerySchema) {}

@ApiController({ tag: 'appointments', path: 'api/branches/:id', roles: ['Manager'] })
export class AppointmentSettingsController {
  constructor(private readonly settings: AppointmentSettingsService) {}

  @Get('appointment-settings')
  @ApiResult(AppointmentSettingsSchema, { summary: 'Get the appointment settings of a branch' })
  get(@Param() params: BranchIdParamsDto): Promise<AppointmentSettings> {
    return this.settings.get(params.id);
  }

  @Put('appointment-settings')
  @ApiResult(SaveAppointmentSettingsResponseSchema, { summary: 'Save the appointment settings of a branch' })
  save(@Param() params: BranchIdParamsDto, @Body() body: AppointmentSettingsInputDto): Promise<SaveAppointmentSettingsResponse> {
    return this.settings.save(params.id, body);
  }

  /** Free slots: ?from=YYYY-MM-DD&to=YYYY-MM-DD, dates in the branch's time zone. */
  @Get('slots')
  @ApiResult(BranchSlotsSchema, { summary: 'List the free appointment slots of a branch' })
  slots(@Param() params: BranchIdParamsDto, @Query() query: SlotQueryDto): Promise<BranchSlots> {
    return this.settings.slots(params.id, query);
  }
}
