package fairslot.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Statuses are written only through their enums: a status spelled as a string in a store ({@code
 * s("PENDING_PAY")}) compiles when misspelt and drifts when renamed. The source of the DynamoDB
 * adapters is read for any string literal that is a constant of a domain status enum.
 */
class StatusLiteralsTest {
  private static final Path SOURCES = Path.of("src/main/java/fairslot");
  private static final Pattern LITERAL = Pattern.compile("\"([A-Z][A-Z_]*)\"");

  private static Set<String> statuses() {
    return Stream.of(
            fairslot.booking.domain.BookingStatus.values(),
            fairslot.money.domain.PaymentStatus.values(),
            fairslot.pass.domain.PassStatus.values(),
            fairslot.waitlist.domain.WaitlistStatus.values(),
            fairslot.booking.domain.RequestStatus.values(),
            fairslot.notification.domain.DeliveryStatus.values(),
            fairslot.notification.domain.NoticeStatus.values(),
            fairslot.catalog.domain.SlotStatus.values(),
            fairslot.money.domain.FinanceException.Status.values())
        .flatMap(Stream::of)
        .map(Enum::name)
        .collect(Collectors.toSet());
  }

  @Test
  void noStoreSpellsAStatusAsAString() throws IOException {
    Set<String> statuses = statuses();
    List<String> found = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> files = Files.walk(SOURCES)) {
      // every feature's DynamoDB adapter (its store room) and the shared table helpers
      sources =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(f -> f.getParent().endsWith("store") || f.getParent().endsWith("table"))
              .toList();
    }
    for (Path file : sources) {
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = LITERAL.matcher(lines.get(i));
        while (m.find()) {
          // a shard family may share a status's name (QUEUED#0..3): it is a key, not a status
          boolean family = lines.get(i).toLowerCase(java.util.Locale.ROOT).contains("shard");
          if (statuses.contains(m.group(1)) && !family) {
            found.add(file.getFileName() + ":" + (i + 1) + " " + lines.get(i).strip());
          }
        }
      }
    }

    assertThat(sources).hasSizeGreaterThan(40);
    assertThat(found).as("status literals").isEmpty();
  }
}
