package fairslot.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one-way order of features (docs/architecture.md), checked on the compiled classes: a feature
 * depends only on features below it, so none depends on another both ways and the features form no
 * cycle. Where a lower feature must reach a higher one, it owns a port that the higher one answers,
 * or it publishes an event.
 *
 * <p>{@link #NOT_YET_ONE_WAY} names, class by class, the back-edges still left (issue 61): the
 * member feature's standing, ledger and calendar parts, which still read and write bookings, and
 * the waitlist's offer acceptance, which books. The list only shrinks: an entry that no longer
 * occurs fails the test too, and any other back-edge fails it.
 */
@AnalyzeClasses(packages = "fairslot", importOptions = ImportOption.DoNotIncludeTests.class)
class FeatureOrderTest {

  /** Bottom to top. */
  static final List<String> ORDER =
      List.of(
          "kernel",
          "definitions",
          "shared",
          "aws",
          "emulator",
          "table",
          "idempotency",
          "privacy",
          "money",
          "member",
          "notification",
          "catalog",
          "waitlist",
          "pass",
          "booking",
          "payment",
          "finance",
          "staff",
          "webhook",
          "messaging",
          "handler");

  static final Set<String> NOT_YET_ONE_WAY =
      Set.of(
          "member.CalendarWrites -> booking.BookedSlot",
          "member.CalendarWrites -> booking.Booking",
          "member.DynamoDbLedgerStore -> booking.BookedSlot",
          "member.DynamoDbLedgerStore -> booking.Booking",
          "member.DynamoDbLedgerStore -> booking.BookingItemMapper",
          "member.DynamoDbLedgerStore -> booking.BookingStatus",
          "member.DynamoDbLedgerStore -> catalog.SeatCount",
          "member.DynamoDbLedgerStore -> catalog.SeatWrites",
          "member.DynamoDbLedgerStore -> pass.Pass",
          "member.DynamoDbLedgerStore -> pass.PassItemMapper",
          "member.DynamoDbLedgerStore -> pass.PassUse",
          "member.DynamoDbLedgerStore -> pass.Plan",
          "member.DynamoDbLedgerStore -> pass.PlanKind",
          "member.DynamoDbLedgerStore -> waitlist.WaitlistStatus",
          "member.DynamoDbStandingStore -> booking.Booking",
          "member.DynamoDbStandingStore -> booking.BookingItemMapper",
          "member.DynamoDbStandingStore -> booking.BookingStatus",
          "member.DynamoDbStandingStore -> booking.BookingWrites",
          "member.DynamoDbStandingStore -> pass.PassWrites",
          "member.LedgerStore -> catalog.SeatCount",
          "member.MemberBookkeeping -> booking.BookingStatus",
          "member.NoShowPolicy -> catalog.BookingWindow",
          "member.StandingService -> booking.BookedSlot",
          "member.StandingService -> booking.Booking",
          "member.StandingService -> catalog.CatalogStore",
          "member.StandingService -> catalog.Venue",
          "member.StandingService -> catalog.VenuePolicy",
          "member.StandingStore -> booking.Booking",
          "member.StandingWrites -> booking.BookedSlot",
          "member.StandingWrites -> booking.Booking",
          "member.UpcomingWrites -> booking.BookedSlot",
          "member.UpcomingWrites -> booking.Booking",
          "waitlist.WaitlistService -> booking.Booking",
          "waitlist.WaitlistService -> booking.BookingService");

  @ArchTest
  static void everyFeatureDependsOnlyOnFeaturesBelowIt(JavaClasses classes) {
    Set<String> backEdges = new TreeSet<>();
    for (JavaClass origin : classes) {
      Optional<String> from = feature(origin);
      if (from.isEmpty()) {
        continue;
      }
      for (Dependency d : origin.getDirectDependenciesFromSelf()) {
        Optional<String> to = feature(d.getTargetClass());
        if (to.isPresent()
            && !to.get().equals(from.get())
            && ORDER.indexOf(to.get()) > ORDER.indexOf(from.get())) {
          backEdges.add(
              from.get()
                  + "."
                  + topLevel(origin)
                  + " -> "
                  + to.get()
                  + "."
                  + topLevel(d.getTargetClass()));
        }
      }
    }
    Set<String> fresh = new TreeSet<>(backEdges);
    fresh.removeAll(NOT_YET_ONE_WAY);
    Set<String> gone = new TreeSet<>(NOT_YET_ONE_WAY);
    gone.removeAll(backEdges);
    assertThat(fresh)
        .as("dependencies up the feature order (own a port or publish an event)")
        .isEmpty();
    assertThat(gone).as("back-edges mended: strike them from NOT_YET_ONE_WAY").isEmpty();
  }

  @ArchTest
  static void everyFeatureHasAPlaceInTheOrder(JavaClasses classes) {
    Set<String> unplaced = new TreeSet<>();
    for (JavaClass c : classes) {
      String[] parts = c.getPackageName().split("\\.");
      if (parts.length > 1 && parts[0].equals("fairslot") && !ORDER.contains(parts[1])) {
        unplaced.add(parts[1]);
      }
    }
    assertThat(unplaced).as("features missing from ORDER").isEmpty();
  }

  private static Optional<String> feature(JavaClass c) {
    String[] parts = c.getPackageName().split("\\.");
    return parts.length > 1 && parts[0].equals("fairslot") && ORDER.contains(parts[1])
        ? Optional.of(parts[1])
        : Optional.empty();
  }

  private static String topLevel(JavaClass c) {
    String name = c.getName();
    String simple = name.substring(name.lastIndexOf('.') + 1);
    int nested = simple.indexOf('$');
    return nested < 0 ? simple : simple.substring(0, nested);
  }
}
