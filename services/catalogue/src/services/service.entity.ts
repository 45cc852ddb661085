import { ArrayType, Collection, DecimalType, Entity, ManyToMany, OptionalProps, Property } from '@mikro-orm/core';
import { SerialEntity } from '@backoffice/platform';
import type { DeliveryTimeRate, DeliveryType, ShippingType } from '@backoffice/contracts';
import { ServiceFileEntity } from '../service-files/service-file.entity';

/** A service of the catalogue, in one category. */
@Entity({ tableName: 'services' })
export class CatalogueServiceEntity extends SerialEntity {
  [OptionalProps]?:
    | 'active'
    | 'description'
    | 'descriptionAr'
    | 'images'
    | 'deliveryTime'
    | 'deliveryTimeRate'
    | 'deliveryType'
    | 'shippingType'
    | 'priceBefore'
    | 'physical'
    | 'electronical'
    | 'branches'
    | 'createdAt'
    | 'updatedAt';

  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description: string = '';

  @Property({ type: 'text', fieldName: 'description_ar' })
  descriptionAr: string = '';

  @Property({ type: 'integer' })
  categoryId!: number;

  @Property({ type: ArrayType, columnType: 'text[]' })
  images: string[] = [];

  @Property({ type: 'integer' })
  deliveryTime: number = 0;

  @Property({ type: 'text' })
  deliveryTimeRate: DeliveryTimeRate = 'None';

  @Property({ type: 'text' })
  deliveryType: DeliveryType = 'None';

  @Property({ type: 'text' })
  shippingType: ShippingType = 'None';

  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  priceBefore: number = 0;

  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  price!: number;

  @Property({ type: 'boolean' })
  physical: boolean = false;

  @Property({ type: 'boolean' })
  electronical: boolean = false;

  /** Branch ids (owned by scheduling). */
  @Property({ type: new ArrayType<number>((value) => Number(value)), columnType: 'integer[]' })
  branches: number[] = [];

  /** The documents a client must provide. */
  @ManyToMany({
    entity: () => ServiceFileEntity,
    pivotTable: 'service_required_files',
    joinColumn: 'service_id',
    inverseJoinColumn: 'service_file_id',
  })
  serviceFiles = new Collection<ServiceFileEntity>(this);
}
