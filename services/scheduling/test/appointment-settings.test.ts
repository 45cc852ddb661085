import type { TestService } from '@backoffice/platform/testing';
import { startScheduling } from './scheduling-test-kit';

let service: TestService;
let branchId: number;

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  service = await startScheduling({ DEFAULT_BRANCH_TIME_ZONE: 'UTC' });
  const response = await service.request('/api/branches', {
    method: 'POST',
    json: { name: 'Settings Branch', phoneNumber: '+1 212 555 0100', address: '1 Main St', type: 'Branch', countryCCN3: '840' },
  });
  branchId = (await response.json()).id;
});

afterAll(async () => {
  await service?.close();
});

const settingsPath = (id: number | string = branchId) => `/api/branches/${id}/appointment-settings`;
const put = (body: unknown, id: number | string = branchId, roles?: ('Admin' | 'Manager' | 'Salesagent')[]) =>
  service.request(settingsPath(id), { method: 'PUT', json: body, roles });

const valid = {
  slotDuration: 45,
  maxUpcomingAvailableDates: 10,
  startTime: '09:30',
  endTime: '16:30:00',
  availableWeekdays: [5, 1, 3],
  disabledDates: [
    { date: '2031-12-25', disabled: true },
    { date: '2031-12-20', disabled: false },
  ],
};

describe('appointment settings', () => {
  it('answers the defaults before anything is saved', async () => {
    const response = await service.request(settingsPath(), { roles: ['Manager'] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      branchId,
      slotDuration: 30,
      maxUpcomingAvailableDates: 30,
      startTime: '11:00:00',
      endTime: '17:00:00',
      availableWeekdays: [1, 2, 3, 4, 5, 6, 7],
      disabledDates: [],
      saved: false,
    });
  });

  it('saves and reads back what was saved (times as hh:mm:00, weekdays and dates sorted)', async () => {
    const saved = await put(valid, branchId, ['Manager']);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ message: 'Appointment settings of Settings Branch saved.' });

    const read = await (await service.request(settingsPath())).json();
    expect(read).toEqual({
      branchId,
      slotDuration: 45,
      maxUpcomingAvailableDates: 10,
      startTime: '09:30:00',
      endTime: '16:30:00',
      availableWeekdays: [1, 3, 5],
      disabledDates: [
        { date: '2031-12-20', disabled: false },
        { date: '2031-12-25', disabled: true },
      ],
      saved: true,
    });
  });

  it('replaces the adjust list on the next save, and takes a whole range of dates', async () => {
    const week = Array.from({ length: 7 }, (_, i) => ({ date: addDays('2031-08-01', i), disabled: true }));
    expect((await put({ ...valid, disabledDates: week })).status).toBe(200);
    const read = await (await service.request(settingsPath())).json();
    expect(read.disabledDates).toEqual(week);
    expect((await put({ ...valid, disabledDates: [] })).status).toBe(200);
    expect((await (await service.request(settingsPath())).json()).disabledDates).toEqual([]);
  });

  it('refuses an end time not after the start time', async () => {
    for (const endTime of ['09:30', '08:00']) {
      const response = await put({ ...valid, endTime });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual([{ path: 'endTime', message: 'The end time must be after the start time' }]);
    }
  });

  it('refuses out-of-range numbers, bad times, weekdays and dates, naming each field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slotDuration: 121 }, 'slotDuration', 'Slot duration must be at most 120'],
      [{ slotDuration: 0 }, 'slotDuration', 'Slot duration must be at least 5'],
      [{ slotDuration: 30.5 }, 'slotDuration', 'Slot duration must be a whole number'],
      [{ maxUpcomingAvailableDates: 31 }, 'maxUpcomingAvailableDates', 'Max upcoming available dates must be at most 30'],
      [{ maxUpcomingAvailableDates: 0 }, 'maxUpcomingAvailableDates', 'Max upcoming available dates must be at least 1'],
      [{ startTime: '0930' }, 'startTime', 'Enter a time as hh:mm'],
      [{ startTime: '24:00' }, 'startTime', 'Enter a time as hh:mm'],
      [{ availableWeekdays: [0] }, 'availableWeekdays.0', 'Weekdays are numbered 1 to 7'],
      [{ availableWeekdays: [1, 1] }, 'availableWeekdays', 'A weekday is listed twice'],
      [{ disabledDates: [{ date: '2031-02-30', disabled: true }] }, 'disabledDates.0.date', 'This date does not exist'],
      [{ slotDuration: 120, startTime: '09:00', endTime: '10:00' }, 'slotDuration', 'No slot fits between the start and end time'],
    ];
    for (const [change, path, message] of cases) {
      const response = await put({ ...valid, ...change });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toContainEqual({ path, message });
    }
  });

  it('refuses the same date twice in the adjust list', async () => {
    const response = await put({
      ...valid,
      disabledDates: [
        { date: '2031-05-01', disabled: true },
        { date: '2031-05-01', disabled: false },
      ],
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ path: 'disabledDates.1.date', message: 'This date is already in the adjust list' }]);
  });

  it('answers 404 for an unknown branch, 400 for a bad id, 403 for other roles', async () => {
    expect((await service.request(settingsPath(987654))).status).toBe(404);
    const missing = await put(valid, 987654);
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toBe('Branch 987654 was not found.');
    expect((await service.request(settingsPath('x'))).status).toBe(400);
    expect((await put(valid, branchId, ['Salesagent'])).status).toBe(403);
    expect((await service.request(settingsPath(), { token: null })).status).toBe(401);
  });

  it('goes away with its branch', async () => {
    const created = await (
      await service.request('/api/branches', {
        method: 'POST',
        json: { name: 'Short-lived', phoneNumber: '+1 212 555 0199', address: '2 Main St', type: 'SPP', countryCCN3: '840' },
      })
    ).json();
    expect((await put(valid, created.id)).status).toBe(200);
    expect((await service.request(`/api/branches/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.request(settingsPath(created.id))).status).toBe(404);
  });
});

describe('slots', () => {
  it('lists the free slots of the saved settings in the branch time zone', async () => {
    const start = addDays(today(), 2);
    const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
    // Open every day from 10:00 to 12:00 in 60-minute slots, closed on the first day of the range.
    expect(
      (
        await put({
          slotDuration: 60,
          maxUpcomingAvailableDates: 30,
          startTime: '10:00',
          endTime: '12:00',
          availableWeekdays: [1, 2, 3, 4, 5, 6, 7],
          disabledDates: [{ date: days[0], disabled: true }],
        })
      ).status,
    ).toBe(200);
    const response = await service.request(`/api/branches/${branchId}/slots?from=${days[0]}&to=${days[6]}`, { roles: ['Manager'] });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ branchId, timeZone: 'UTC', slotDuration: 60 });
    expect(body.days.map((day: { date: string }) => day.date)).toEqual(days.slice(1));
    expect(body.days[0].slots).toEqual([
      { start: `${days[1]}T10:00:00+00:00`, end: `${days[1]}T11:00:00+00:00`, time: '10:00' },
      { start: `${days[1]}T11:00:00+00:00`, end: `${days[1]}T12:00:00+00:00`, time: '11:00' },
    ]);
  });

  it('stops at the max upcoming available dates', async () => {
    await put({ ...valid, availableWeekdays: [1, 2, 3, 4, 5, 6, 7], maxUpcomingAvailableDates: 3, disabledDates: [] });
    const body = await (await service.request(`/api/branches/${branchId}/slots`)).json();
    expect(body.days).toHaveLength(3);
  });

  it('uses the branch time zone for dates and offsets', async () => {
    const created = await (
      await service.request('/api/branches', {
        method: 'POST',
        json: {
          name: 'Tokyo Office',
          phoneNumber: '+81 3 5555 0100',
          address: '1 Chiyoda',
          type: 'Branch',
          countryCCN3: '392',
          timeZone: 'Asia/Tokyo',
        },
      })
    ).json();
    const body = await (await service.request(`/api/branches/${created.id}/slots`)).json();
    expect(body.timeZone).toBe('Asia/Tokyo');
    expect(body.days[0].slots[0].start).toMatch(/\+09:00$/);
    expect(body.days).toHaveLength(30);
  });

  it('refuses a bad range and answers 404 for an unknown branch', async () => {
    const reversed = await service.request(`/api/branches/${branchId}/slots?from=2031-01-10&to=2031-01-01`);
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).errors).toEqual([{ path: 'to', message: 'The end date is before the start date' }]);
    expect((await service.request(`/api/branches/${branchId}/slots?from=2031-01-01&to=2032-06-01`)).status).toBe(400);
    expect((await service.request(`/api/branches/${branchId}/slots?from=tomorrow`)).status).toBe(400);
    expect((await service.request('/api/branches/987654/slots')).status).toBe(404);
  });
});
