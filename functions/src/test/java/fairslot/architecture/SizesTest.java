package fairslot.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Small files with one job (issue 61): no main class over 300 lines, no wiring class over 120, and
 * imports instead of qualified type names (a few are left where two types share a simple name).
 */
class SizesTest {
  private static final Path SOURCES = Path.of("src/main/java/fairslot");

  /** A qualified type name in code: a package path ending in a capitalised name. */
  private static final Pattern QUALIFIED =
      Pattern.compile(
          "(?<![\\w.\"])(?:java|javax|software|com|org|fairslot)\\.(?:[a-z_][a-z0-9_]*\\.)+[A-Z]");

  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      return files.filter(f -> f.toString().endsWith(".java")).toList();
    }
  }

  @Test
  void noMainClassIsOverThreeHundredLinesAndNoWiringOverOneHundredTwenty() throws IOException {
    Map<String, Integer> over = new TreeMap<>();
    for (Path file : sources()) {
      int lines = Files.readAllLines(file).size();
      boolean wiring = file.getFileName().toString().endsWith("Wiring.java");
      if (lines > 300 || (wiring && lines > 120)) {
        over.put(SOURCES.relativize(file).toString(), lines);
      }
    }
    assertThat(sources()).hasSizeGreaterThan(300);
    assertThat(over).as("main classes over their size").isEmpty();
  }

  @Test
  void typesAreImportedNotQualified() throws IOException {
    Map<String, Long> qualified = new TreeMap<>();
    for (Path file : sources()) {
      long n =
          Files.readAllLines(file).stream()
              .map(String::strip)
              .filter(l -> !l.startsWith("import ") && !l.startsWith("package "))
              .filter(l -> !l.startsWith("//") && !l.startsWith("*") && !l.startsWith("/*"))
              .filter(l -> QUALIFIED.matcher(l).find())
              .count();
      if (n > 0) {
        qualified.put(SOURCES.relativize(file).toString(), n);
      }
    }
    assertThat(qualified.values().stream().mapToLong(Long::longValue).sum())
        .as("lines with qualified type names: %s", qualified)
        .isLessThanOrEqualTo(20);
  }
}
