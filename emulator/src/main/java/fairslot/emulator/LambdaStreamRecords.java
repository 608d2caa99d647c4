package fairslot.emulator;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Record;

/** A stream record as the SDK reads it, turned into the record Lambda hands a stream consumer. */
final class LambdaStreamRecords {
  private LambdaStreamRecords() {}

  static DynamodbEvent.DynamodbStreamRecord of(Record r, String streamArn) {
    var images = r.dynamodb();
    StreamRecord stream = new StreamRecord();
    stream.setSequenceNumber(images.sequenceNumber());
    stream.setSizeBytes(images.sizeBytes());
    stream.setStreamViewType(
        com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType.fromValue(
            images.streamViewTypeAsString()));
    if (images.approximateCreationDateTime() != null) {
      stream.setApproximateCreationDateTime(Date.from(images.approximateCreationDateTime()));
    }
    stream.setKeys(item(images.keys()));
    if (images.hasOldImage()) {
      stream.setOldImage(item(images.oldImage()));
    }
    if (images.hasNewImage()) {
      stream.setNewImage(item(images.newImage()));
    }
    DynamodbEvent.DynamodbStreamRecord record = new DynamodbEvent.DynamodbStreamRecord();
    record.setEventID(r.eventID());
    record.setEventName(r.eventNameAsString());
    record.setEventSource(r.eventSource());
    record.setEventVersion(r.eventVersion());
    record.setAwsRegion(r.awsRegion());
    record.setEventSourceARN(streamArn);
    record.setDynamodb(stream);
    return record;
  }

  private static Map<String, AttributeValue> item(
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sdk) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    sdk.forEach((k, v) -> out.put(k, value(v)));
    return out;
  }

  private static AttributeValue value(
      software.amazon.awssdk.services.dynamodb.model.AttributeValue v) {
    AttributeValue out = new AttributeValue();
    switch (v.type()) {
      case S -> out.setS(v.s());
      case N -> out.setN(v.n());
      case BOOL -> out.setBOOL(v.bool());
      case NUL -> out.setNULL(true);
      case B -> out.setB(v.b().asByteBuffer());
      case SS -> out.setSS(v.ss());
      case NS -> out.setNS(v.ns());
      case BS -> out.setBS(v.bs().stream().map(b -> b.asByteBuffer()).toList());
      case M -> out.setM(item(v.m()));
      case L -> out.setL(v.l().stream().map(LambdaStreamRecords::value).toList());
      default -> throw new IllegalArgumentException("unknown attribute type " + v.type());
    }
    return out;
  }
}
