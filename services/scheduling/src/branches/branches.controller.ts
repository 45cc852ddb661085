import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { type Branch, BranchInputSchema, BranchSchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { BranchIdParamsDto } from './branch-id.params';
import { BranchesService } from './branches.service';

class BranchInputDto extends createZodDto(BranchInputSchema) {}

@ApiController({ tag: 'branches', path: 'api/branches', roles: ['Manager'] })
export class BranchesController {
  constructor(private readonly branches: BranchesService) {}

  @Get()
  @ApiResult(z.array(BranchSchema), { summary: 'List branches' })
  list(): Promise<Branch[]> {
    return this.branches.list();
  }

  @Get(':id')
  @ApiResult(BranchSchema, { summary: 'Get a branch' })
  get(@Param() params: BranchIdParamsDto): Promise<Branch> {
    return this.branches.get(params.id);
  }

  @Post()
  @ApiResult(BranchSchema, { status: 201, summary: 'Create a branch' })
  create(@Body() body: BranchInputDto): Promise<Branch> {
    return this.branches.create(body);
  }

  @Put(':id')
  @ApiResult(BranchSchema, { summary: 'Update a branch' })
  update(@Param() params: BranchIdParamsDto, @Body() body: BranchInputDto): Promise<Branch> {
    return this.branches.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Delete a branch' })
  async remove(@Param() params: BranchIdParamsDto): Promise<void> {
    await this.branches.remove(params.id);
  }
}
