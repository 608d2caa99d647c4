package fairslot.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One builder per item: a transaction takes items of several features, but each item's writes and
 * conditions are stated in its own feature's store room (a booking's in {@code booking.store}'s
 * {@code BookingWrites}, a slot's seats in {@code catalog.store}'s {@code SeatWrites}, ...). Every
 * write or condition check in the main sources is read, and the item it names (its sort key, as
 * {@code Attr.key(Keys.x(..), "KIND")} spells it) must belong to the feature whose room it is in.
 */
class ItemOwnersTest {
  private static final Path SOURCES = Path.of("src/main/java/fairslot");

  /** The item kinds (their sort key) and the feature whose store room alone writes them. */
  private static final Map<String, String> OWNERS =
      Map.of(
          "BOOKING", "booking",
          "SLOT", "catalog",
          "VENUE", "catalog",
          "RESOURCE", "catalog",
          "WAITENTRY", "waitlist",
          "PAYMENT", "money",
          "PASS", "pass",
          "NOTIFY", "notification",
          "REQUEST", "booking",
          "STANDING", "member");

  /** A write's builder, in a transaction or alone, or a single write given as a lambda. */
  private static final Pattern WRITE =
      Pattern.compile(
          "\\b(Update|Put|Delete|ConditionCheck|UpdateItemRequest|PutItemRequest|DeleteItemRequest)"
              + "\\.builder\\(\\)|\\.(updateItem|putItem|deleteItem)\\(\\s*\\w+\\s*->");

  /** Items whose every write and condition is made in these builders alone. */
  private static final Map<String, java.util.Set<String>> BUILDERS =
      Map.of(
          "SLOT", java.util.Set.of("SeatWrites.java", "SlotWrites.java"),
          "BOOKING", java.util.Set.of("BookingWrites.java", "BookingHandoverWrites.java"),
          "PAYMENT", java.util.Set.of("PaymentWrites.java"),
          "WAITENTRY", java.util.Set.of("WaitEntryWrites.java"),
          "NOTIFY", java.util.Set.of("NoticeWrites.java"),
          "REQUEST", java.util.Set.of("RequestWrites.java"),
          "STANDING", java.util.Set.of("StandingWrites.java"));

  private static final Pattern ITEM_KEY =
      Pattern.compile("Attr\\.key\\(\\s*Keys\\.\\w+\\([^;]*?\\),\\s*\"([A-Z_]+)\"\\)");

  /** A put names its item through the item's mapper. */
  private static final Pattern MAPPED_ITEM =
      Pattern.compile("\\b(\\w+?)(?:Item)?Mapper\\.toItem\\(");

  private static final Map<String, String> MAPPERS =
      Map.of(
          "Booking", "BOOKING",
          "Slot", "SLOT",
          "Venue", "VENUE",
          "Resource", "RESOURCE",
          "WaitlistEntry", "WAITENTRY",
          "Payment", "PAYMENT",
          "Pass", "PASS",
          "Request", "REQUEST",
          "Standing", "STANDING");

  @Test
  void everyItemIsWrittenAndConditionedOnlyInItsOwnFeaturesStoreRoom() throws IOException {
    List<String> strays = new ArrayList<>();
    List<String> outsideBuilders = new ArrayList<>();
    int writes = 0;
    List<Path> sources;
    try (Stream<Path> files = Files.walk(SOURCES)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).toList();
    }
    for (Path file : sources) {
      String text = Files.readString(file);
      String feature = SOURCES.relativize(file).getName(0).toString();
      Matcher write = WRITE.matcher(text);
      while (write.find()) {
        // a builder ends at its build() (or, handed to TxItems unbuilt, its statement's end), a
        // lambda at the end of its statement
        int end =
            write.group(2) == null
                ? firstOf(text, write.end(), ".build()", ";")
                : text.indexOf(";", write.end());
        String builder = text.substring(write.end(), end < 0 ? text.length() : end);
        Matcher key = ITEM_KEY.matcher(builder);
        Matcher mapped = MAPPED_ITEM.matcher(builder);
        String kind =
            key.find()
                ? key.group(1)
                : mapped.find() ? MAPPERS.getOrDefault(mapped.group(1), "") : "";
        if (kind.isEmpty()) {
          continue;
        }
        writes++;
        if (BUILDERS.containsKey(kind)
            && !BUILDERS.get(kind).contains(file.getFileName().toString())) {
          int line = text.substring(0, write.start()).split("\n", -1).length;
          outsideBuilders.add(SOURCES.relativize(file) + ":" + line + " writes a " + kind);
        }
        String owner = OWNERS.get(kind);
        if (owner != null && !owner.equals(feature)) {
          int line = text.substring(0, write.start()).split("\n", -1).length;
          strays.add(SOURCES.relativize(file) + ":" + line + " writes a " + kind);
        }
      }
    }

    // The scan reads what it should (keys built elsewhere, as a map in a variable, it cannot name).
    assertThat(writes).isGreaterThan(35);
    assertThat(strays).as("items written outside their feature's store room").isEmpty();
    assertThat(outsideBuilders).as("items written outside their builders").isEmpty();
  }

  /**
   * An item with its own builder is made whole (its mapper's {@code toItem}) only there: a put
   * through a helper elsewhere ({@code putNew(PaymentItemMapper.toItem(p))}) escapes the scan
   * above, which reads a builder's own statement (the pass store did this with a payment).
   */
  @Test
  void anItemWithABuilderIsMadeWholeOnlyInItsBuilders() throws IOException {
    List<String> outside = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> files = Files.walk(SOURCES)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).toList();
    }
    for (Path file : sources) {
      String name = file.getFileName().toString();
      String text = Files.readString(file);
      Matcher mapped = MAPPED_ITEM.matcher(text);
      while (mapped.find()) {
        String kind = MAPPERS.getOrDefault(mapped.group(1), "");
        boolean ownMapper = name.startsWith(mapped.group(1));
        if (BUILDERS.containsKey(kind) && !BUILDERS.get(kind).contains(name) && !ownMapper) {
          int line = text.substring(0, mapped.start()).split("\n", -1).length;
          outside.add(SOURCES.relativize(file) + ":" + line + " makes a whole " + kind);
        }
      }
    }
    assertThat(outside).as("items made whole outside their builders").isEmpty();
  }

  private static int firstOf(String text, int from, String a, String b) {
    int i = text.indexOf(a, from);
    int j = text.indexOf(b, from);
    return i < 0 ? j : j < 0 ? i : Math.min(i, j);
  }
}
