import * as assert from 'assert';
import * as vscode from 'vscode';

describe('smoke', () => {
  it('runs inside a real extension host', () => {
    assert.ok(vscode.version.length > 0);
  });
});
