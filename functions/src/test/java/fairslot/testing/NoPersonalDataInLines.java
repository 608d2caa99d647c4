package fairslot.testing;

import fairslot.shared.Output;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Every test of the suite scans the log and metric lines the code wrote while it ran (issue 28,
 * finding 8): a line with an e-mail address or an international phone number fails the test that
 * produced it. Registered for every test class by JUnit's extension autodetection
 * (META-INF/services), so no test can opt out by forgetting it.
 */
public final class NoPersonalDataInLines implements BeforeEachCallback, AfterEachCallback {
  private static final Pattern EMAIL =
      Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");
  private static final Pattern PHONE = Pattern.compile("\\+[0-9]{6,15}(?![0-9])");

  /** The stack's own sender address is not a member's. */
  private static final String SENDER = fairslot.definitions.Fairslot.LOCAL_EMAIL_FROM;

  private static final List<String> FOUND = Collections.synchronizedList(new ArrayList<>());

  static {
    Output.listen(
        line -> {
          String scrubbed = line.replace(SENDER, "");
          if (EMAIL.matcher(scrubbed).find() || PHONE.matcher(scrubbed).find()) {
            FOUND.add(line);
          }
        });
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    FOUND.clear();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    List<String> found;
    synchronized (FOUND) {
      found = List.copyOf(FOUND);
      FOUND.clear();
    }
    if (!found.isEmpty()) {
      throw new AssertionError(
          found.size() + " log or metric line(s) carry an e-mail or phone, e.g.: " + found.get(0));
    }
  }
}
