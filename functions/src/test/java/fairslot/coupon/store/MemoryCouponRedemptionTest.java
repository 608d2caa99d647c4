package fairslot.coupon.store;

import fairslot.memory.MemoryBookingStore;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryCouponStore;
import fairslot.memory.MemoryTables;

/** The coupon redemption contract on the in-memory fakes. */
class MemoryCouponRedemptionTest extends CouponRedemptionContract {
  @Override
  protected Stores fresh() {
    MemoryTables tables = new MemoryTables();
    return new Stores(
        new MemoryCatalogStore(tables),
        new MemoryBookingStore(tables),
        new MemoryCouponStore(tables));
  }
}
