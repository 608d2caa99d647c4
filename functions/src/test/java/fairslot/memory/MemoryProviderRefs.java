package fairslot.memory;

import fairslot.payment.app.ProviderRefs;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Provider ids in memory: the first name stands, as on DynamoDB. */
public final class MemoryProviderRefs implements ProviderRefs {
  private final Map<String, String> refs = new ConcurrentHashMap<>();

  @Override
  public Optional<String> ref(String number) {
    return Optional.ofNullable(refs.get(number));
  }

  @Override
  public String name(String number, String ref) {
    String before = refs.putIfAbsent(number, ref);
    return before == null ? ref : before;
  }
}
