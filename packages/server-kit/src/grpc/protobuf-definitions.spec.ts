import { create, isMessage } from '@bufbuild/protobuf';
import {
  DirectoryService,
  ListActiveSpecialistsResponseSchema,
  ReportService,
  SendTestReportRequestSchema,
} from '@handcheck/contracts';
import {
  grpcMethodDefinition,
  grpcMethodPath,
  grpcPackageDefinition,
  grpcPackageNames,
  grpcServiceDefinition,
} from './protobuf-definitions';

const list = DirectoryService.method.listActiveSpecialists;

describe('grpc-js definitions from protobuf-es descriptors', () => {
  it('names the RPC path by the fully qualified service and the .proto method name', () => {
    expect(grpcMethodPath(list)).toBe(
      '/handcheck.directory.v1.DirectoryService/ListActiveSpecialists',
    );
    expect(grpcMethodPath(ReportService.method.sendTestReport)).toBe(
      '/handcheck.report.v1.ReportService/SendTestReport',
    );
  });

  it('describes a unary method with the protobuf-es name as its alias', () => {
    expect(grpcMethodDefinition(list)).toMatchObject({
      requestStream: false,
      responseStream: false,
      originalName: 'listActiveSpecialists',
    });
  });

  it('keys a service by its RPC names as written in the .proto file', () => {
    expect(Object.keys(grpcServiceDefinition(DirectoryService))).toEqual(['ListActiveSpecialists']);
  });

  it('serializes a plain init object and a message to the same bytes, and reads back a message', () => {
    const { responseSerialize, responseDeserialize } = grpcMethodDefinition(list);
    const init = {
      specialists: [
        {
          id: '1',
          name: 'A',
          clinic: 'C',
          location: 'L',
          url: 'https://x.example',
          isActive: true,
        },
      ],
    };
    const fromInit = responseSerialize(init);
    expect(Buffer.isBuffer(fromInit)).toBe(true);
    expect(
      fromInit.equals(responseSerialize(create(ListActiveSpecialistsResponseSchema, init))),
    ).toBe(true);

    const back = responseDeserialize(fromInit);
    expect(isMessage(back, ListActiveSpecialistsResponseSchema)).toBe(true);
    expect(back).toStrictEqual(create(ListActiveSpecialistsResponseSchema, init));
  });

  it('serializes an omitted request as the empty message', () => {
    const { requestSerialize, requestDeserialize } = grpcMethodDefinition(
      ReportService.method.sendTestReport,
    );
    expect(requestSerialize(undefined).length).toBe(0);
    expect(requestDeserialize(Buffer.alloc(0))).toStrictEqual(create(SendTestReportRequestSchema));
  });

  it('builds one package definition for several services and lists their packages once', () => {
    expect(Object.keys(grpcPackageDefinition([DirectoryService, ReportService]))).toEqual([
      'handcheck.directory.v1.DirectoryService',
      'handcheck.report.v1.ReportService',
    ]);
    expect(grpcPackageNames([DirectoryService, ReportService, DirectoryService])).toEqual([
      'handcheck.directory.v1',
      'handcheck.report.v1',
    ]);
  });

  it('refuses the same service twice', () => {
    expect(() => grpcPackageDefinition([DirectoryService, DirectoryService])).toThrow(
      /given twice/,
    );
  });
});
