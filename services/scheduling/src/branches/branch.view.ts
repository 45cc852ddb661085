import type { Branch as BranchDto } from '@backoffice/contracts';
import type { BranchEntity } from './branch.entity';

/** A branch as the API answers it. */
export function toBranchDto(branch: BranchEntity): BranchDto {
  return {
    id: branch.id,
    name: branch.name,
    phoneNumber: branch.phoneNumber,
    address: branch.address,
    type: branch.type,
    countryCCN3: branch.countryCCN3,
    active: branch.active,
    location: branch.latitude !== null && branch.longitude !== null ? { lat: branch.latitude, lng: branch.longitude } : null,
    timeZone: branch.timeZone,
    createdAt: branch.createdAt.toISOString(),
    updatedAt: branch.updatedAt.toISOString(),
  };
}
