package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each HTTP area dispatches with a switch (no method reference per route at init), so its route
 * keys are written twice in one file: in {@code routeKeys()}, which {@code HttpApi} checks against
 * the contract at init, and as the switch's cases. This holds the two equal in every area, so a
 * route cannot be declared and then fall to the switch's default.
 */
class EndpointsTest {
  private static final Path HANDLERS = Path.of("src/main/java/fairslot/handler");
  private static final Pattern KEY = Pattern.compile("\"([A-Z]+ /[^\"]*)\"");
  private static final Pattern CASE = Pattern.compile("case \"([A-Z]+ /[^\"]*)\" ->");

  private static List<Path> areas() throws IOException {
    try (Stream<Path> files = Files.walk(HANDLERS)) {
      return files
          .filter(f -> f.toString().endsWith("Endpoints.java"))
          .filter(f -> read(f).contains("implements Endpoints"))
          .toList();
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String method(String source, String signature) {
    int start = source.indexOf(signature);
    assertThat(start).as(signature).isNotNegative();
    return source.substring(start, source.indexOf("\n  }\n", start));
  }

  private static List<String> all(Pattern pattern, String text) {
    List<String> found = new ArrayList<>();
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  @Test
  void everyAreaHasACaseForEachRouteKeyItDeclaresAndNoOther() throws IOException {
    List<Path> areas = areas();
    int keys = 0;
    for (Path area : areas) {
      String source = read(area);
      List<String> declared = all(KEY, method(source, "public List<String> routeKeys()"));
      List<String> cases =
          all(
              CASE,
              method(source, "public HttpResponse handle(String routeKey, HttpRequest request)"));

      assertThat(declared).as(area.toString()).isNotEmpty().doesNotHaveDuplicates();
      assertThat(cases).as(area.toString()).containsExactlyElementsOf(declared);
      keys += declared.size();
    }
    assertThat(areas).as("the areas found in the sources").isNotEmpty();
    assertThat(keys).isEqualTo(fairslot.definitions.Fairslot.ROUTES.size());
  }
}
