package fairslot.member.store;

import fairslot.member.app.CalendarFeedStore;
import fairslot.memory.MemoryCalendarFeedStore;

/** The calendar feed contract on the in-memory fake. */
class MemoryCalendarFeedStoreTest extends CalendarFeedStoreContract {
  @Override
  protected CalendarFeedStore fresh() {
    return new MemoryCalendarFeedStore();
  }
}
