import { describe, expect, it } from 'vitest';
import { routeQuestion } from '../../src/language/route-question.js';
import { capabilities, tables } from './tables.js';

const route = (question: string) => routeQuestion(tables, capabilities, question);

describe('routeQuestion', () => {
  it.each([
    ['show me the official sources for the schengen visa fee', 'fees'],
    ['where does the insurance rule come from? give me the source', 'insurance'],
    ['sources for the German document requirements', 'documents'],
  ])('routes "%s" to GET /sources with the topic asked about (%s)', (question, topic) => {
    const r = route(question);
    expect(r.service, JSON.stringify(r.classification.evidence)).toMatchObject({ method: 'GET', path: '/sources' });
    expect(r.parameters.topic).toBe(topic);
    expect(r.request?.query).toMatchObject({ topic });
  });

  it('leaves days out of the financial request when the stay is over the 90 days the operation accepts', () => {
    const r = route('how much money do I need for 4 months in Spain');
    expect(r.parameters.days).toBe(120);
    expect(r.request).toEqual({ method: 'GET', path: '/api/v1/financial-requirements', template: '/financial-requirements', query: { country: 'ES' }, body: null, missing: [] });
  });

  it('keeps the {country} placeholder and lists it as missing when no state is named', () => {
    const r = route('tell me about the visa process');
    expect(r.service?.path).toBe('/countries/{country}');
    expect(r.request).toMatchObject({ path: '/api/v1/countries/{country}', missing: ['country'] });
  });

  it('takes the capability state from the registry it is given', () => {
    const r = route('book an appointment for the french visa');
    expect(r.service).toEqual({ method: 'GET', path: '/appointments', status: capabilities.get('appointments').state });
  });

  it('carries the nationality as a parameter, never as the destination', () => {
    const r = route('I am Indian, what documents do I need for Italy?');
    expect(r.parameters).toMatchObject({ country: 'IT', nationality: 'IN' });
    expect(r.request?.query).toEqual({ country: 'IT' });
  });
});
