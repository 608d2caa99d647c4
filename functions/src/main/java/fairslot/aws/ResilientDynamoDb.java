package fairslot.aws;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The DynamoDB client the stores are given: the item and transaction operations, each through
 * {@link Resilient#call}. The SDK's consumer-builder overloads and paginators are default methods
 * that end in these, so they are covered too; an operation not listed here answers the SDK's
 * UnsupportedOperationException, and ResilientClientsTest fails the build before any code calls
 * one. Scan is deliberately not here: product code reads through keys and indexes only.
 */
final class ResilientDynamoDb implements DynamoDbClient {
  private final DynamoDbClient client;

  ResilientDynamoDb(DynamoDbClient client) {
    this.client = client;
  }

  @Override
  public GetItemResponse getItem(GetItemRequest request) {
    return Resilient.call("getItem", () -> client.getItem(request));
  }

  @Override
  public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
    return Resilient.call("batchGetItem", () -> client.batchGetItem(request));
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    return Resilient.call("query", () -> client.query(request));
  }

  @Override
  public PutItemResponse putItem(PutItemRequest request) {
    return Resilient.call("putItem", () -> client.putItem(request));
  }

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest request) {
    return Resilient.call("updateItem", () -> client.updateItem(request));
  }

  @Override
  public DeleteItemResponse deleteItem(DeleteItemRequest request) {
    return Resilient.call("deleteItem", () -> client.deleteItem(request));
  }

  @Override
  public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
    return Resilient.call("batchWriteItem", () -> client.batchWriteItem(request));
  }

  @Override
  public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
    return Resilient.call("transactWriteItems", () -> client.transactWriteItems(request));
  }

  @Override
  public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
    return Resilient.call("transactGetItems", () -> client.transactGetItems(request));
  }

  @Override
  public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
    return client.serviceClientConfiguration();
  }

  @Override
  public String serviceName() {
    return client.serviceName();
  }

  @Override
  public void close() {
    client.close();
  }
}
