import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { BranchInputSchema, type Branch } from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { BranchIdParamsDto } from './branch-id.params';
import { BranchesService } from './branches.service';

class BranchInputDto extends createZodDto(BranchInputSchema) {}

@ApiTags('branches')
@Roles('Manager')
@Controller('api/branches')
export class BranchesController {
  constructor(private readonly branches: BranchesService) {}

  @Get()
  list(): Promise<Branch[]> {
    return this.branches.list();
  }

  @Get(':id')
  get(@Param() params: BranchIdParamsDto): Promise<Branch> {
    return this.branches.get(params.id);
  }

  @Post()
  create(@Body() body: BranchInputDto): Promise<Branch> {
    return this.branches.create(body);
  }

  @Put(':id')
  update(@Param() params: BranchIdParamsDto, @Body() body: BranchInputDto): Promise<Branch> {
    return this.branches.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param() params: BranchIdParamsDto): Promise<void> {
    await this.branches.remove(params.id);
  }
}
