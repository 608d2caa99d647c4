package fairslot.staff.app;

import fairslot.booking.app.Booked;
import fairslot.booking.app.BookingService;
import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.finance.domain.DailyReport;
import fairslot.kernel.ConcatenatedPages;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.app.Customer;
import fairslot.member.app.CustomerProfileStore;
import fairslot.member.app.MemberProfileStore;
import fairslot.member.domain.Phone;
import fairslot.pass.app.PassStore;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/** The front desk and back office: walk-in bookings, booking search, the daily finance report. */
public final class DeskService {
  private static final int REPORT_PAGE = 200;

  private final BookingService bookings;
  private final BookingStore store;
  private final CustomerProfileStore profiles;
  private final PassStore passes;
  private final Clock clock;
  private final IdGenerator ids;
  private final MemberProfileStore members;

  public DeskService(
      BookingService bookings,
      BookingStore store,
      CustomerProfileStore profiles,
      Clock clock,
      IdGenerator ids,
      PassStore passes,
      MemberProfileStore members) {
    this.passes = passes;
    this.members = members;
    this.bookings = bookings;
    this.store = store;
    this.profiles = profiles;
    this.clock = clock;
    this.ids = ids;
  }

  /**
   * Books for a customer at the desk through the same atomic path as a member's booking; a customer
   * without an account gets (or reuses) the profile keyed by their phone number.
   */
  public Outcome<Booked> walkIn(
      String staff,
      String slotId,
      int quantity,
      Customer customer,
      Optional<IdempotentRequest> idempotency) {
    String userId = Customer.userIdOf(customer, profiles, ids);
    return bookings.book(new Book(userId, slotId, quantity, false, idempotency, staff));
  }

  /**
   * How staff look bookings up: by customer (user id or phone) or by venue and date, each one index
   * query; the other filters narrow that page. A status filter applies to the status as a reader
   * sees it now (an overdue hold is EXPIRED), so a page may hold fewer than {@code limit}.
   */
  public record Search(
      Optional<String> venueId,
      Optional<LocalDate> date,
      Optional<BookingStatus> status,
      Optional<Phone> phone,
      Optional<String> userId) {}

  public Outcome<Page<Booking>> search(Search q, PageRequest page) {
    List<String> owners;
    if (q.phone().isPresent()) {
      owners = ownersOfPhone(q.phone().get());
      if (q.userId().isPresent()) {
        owners = owners.contains(q.userId().get()) ? List.of(q.userId().get()) : List.of();
      }
      if (owners.isEmpty()) {
        return Outcome.done(new Page<>(List.of(), Optional.empty()));
      }
    } else if (q.userId().isPresent()) {
      owners = members.profile(q.userId().get()).owners();
    } else {
      owners = List.of();
    }
    Page<Booking> found;
    if (!owners.isEmpty()) {
      found = ConcatenatedPages.page(owners, page, store::bookingsOf);
    } else if (q.venueId().isPresent() && q.date().isPresent()) {
      found = store.bookingsOnVenueDay(q.venueId().get(), q.date().get(), page);
    } else {
      return Outcome.refused(Refusal.INVALID_REQUEST, "give userId, phone, or venueId with date");
    }
    Instant now = clock.instant();
    List<Booking> matching = new ArrayList<>();
    for (Booking b : found.items()) {
      boolean venue = q.venueId().map(v -> v.equals(b.slot().venueId())).orElse(true);
      boolean date =
          q.date()
              .map(
                  d ->
                      d.equals(
                          LocalDate.ofInstant(b.slot().interval().start(), b.slot().timeZone())))
              .orElse(true);
      boolean status = q.status().map(s -> s == b.statusAt(now)).orElse(true);
      if (venue && date && status) {
        matching.add(b);
      }
    }
    return Outcome.done(new Page<>(matching, found.nextCursor()));
  }

  /**
   * Whose bookings a phone finds: the member account that claimed it (with the walk-in profiles
   * linked to it), and the desk's walk-in profile of that phone.
   */
  private List<String> ownersOfPhone(Phone phone) {
    LinkedHashSet<String> owners = new LinkedHashSet<>();
    members.accountOf(phone).ifPresent(u -> owners.addAll(members.profile(u).owners()));
    profiles.findByPhone(phone).ifPresent(walkIn -> owners.add(walkIn.customerId()));
    return List.copyOf(owners);
  }

  /**
   * Every booking of the venue's slots starting on {@code date}, read page by page, summed; with
   * the passes the venue sold that day.
   */
  public DailyReport dailyReport(String venueId, LocalDate date) {
    List<Booking> all = new ArrayList<>();
    Optional<String> cursor = Optional.empty();
    do {
      Page<Booking> page =
          store.bookingsOnVenueDay(venueId, date, new PageRequest(REPORT_PAGE, cursor));
      all.addAll(page.items());
      cursor = page.nextCursor();
    } while (cursor.isPresent());
    return DailyReport.of(venueId, date, all, clock.instant())
        .withPassSales(passes.salesOn(venueId, date))
        .withPassRefunds(passes.refundsOn(venueId, date));
  }
}
