import type { WeatherResponse } from '../../../../shared/weather/contract.ts';

/**
 * For the model's unit tests: a real GET /api/weather answer (the replayed Open-Meteo, aviationweather.gov
 * and SWPC recordings of ../shared/fixtures/weather, asked for "28.54, -81.38" with a 20 m position),
 * cut to six hours. Tests copy it and change what they test.
 */
export const SAMPLE_WEATHER: WeatherResponse = {
  "location": {
    "name": "28.5400, -81.3800",
    "lat": 28.54,
    "lon": -81.38,
    "source": "coordinates",
    "timezone": "Australia/Sydney",
    "utcOffsetSeconds": 39600
  },
  "current": {
    "time": 1705397400,
    "temp": 29,
    "feels_like": 28.8,
    "dew_point": 15.5,
    "humidity": 45,
    "wind_speed": 4,
    "wind_deg": 4,
    "wind_gust": 10.805555555555555,
    "visibility": 24140,
    "clouds": 0,
    "pop": 0,
    "uvi": 0.95,
    "is_day": true,
    "sunrise": 1705346113,
    "sunset": 1705398230,
    "kp_index": 2,
    "weather": [
      {
        "main": "Clear",
        "description": "Clear sky",
        "icon": "clear-day"
      }
    ],
    "metar_data": {
      "icaoId": "KMCO",
      "name": "Orlando Intl, FL, US",
      "rawOb": "METAR KMCO 212053Z 17011KT 10SM SCT060 SCT120 SCT250 34/21 A2998",
      "altim": 1015.3,
      "clouds": [
        {
          "cover": "SCT",
          "base": 6000
        },
        {
          "cover": "SCT",
          "base": 12000
        },
        {
          "cover": "SCT",
          "base": 25000
        }
      ],
      "obsTime": 1784667180,
      "distanceKm": 14.6,
      "fltCat": "VFR",
      "decoded": {
        "windDirection": 170,
        "windSpeedKt": 11,
        "windGustKt": null,
        "visibility": "10 SM",
        "weather": [],
        "clouds": [
          "SCT 6000 ft",
          "SCT 12000 ft",
          "SCT 25000 ft"
        ],
        "temperature": 34,
        "dewPoint": 21
      },
      "decodeError": null
    },
    "taf_data": {
      "icaoId": "KMCO",
      "name": "Orlando Intl",
      "rawTAF": "TAF KMCO 211728Z 2118/2224 17014G20KT P6SM FEW035 SCT250 FM212100 18012G18KT P6SM VCTS SCT035CB SCT250 TEMPO 2122/2201 3SM TSRA BKN030CB FM220300 15005KT P6SM FEW040 SCT250 FM221300 16009KT P6SM FEW040 SCT250 FM222100 14009KT P6SM VCSH SCT035 SCT250",
      "validTimeFrom": 1784656800,
      "validTimeTo": 1784764800,
      "distanceKm": 14.6,
      "periods": [
        {
          "type": "BASE",
          "from": 1784656800,
          "to": 1784667600,
          "probability": null,
          "wind": "170° 14G20 KT",
          "visibility": ">6 SM",
          "weather": [],
          "clouds": [
            "FEW 3500 ft",
            "SCT 25000 ft"
          ],
          "windShear": null,
          "raw": "TAF KMCO 211728Z 2118/2224 17014G20KT P6SM FEW035 SCT250"
        },
        {
          "type": "FM",
          "from": 1784667600,
          "to": 1784689200,
          "probability": null,
          "wind": "180° 12G18 KT",
          "visibility": ">6 SM",
          "weather": [
            "VCTS"
          ],
          "clouds": [
            "SCT 3500 ft CB",
            "SCT 25000 ft"
          ],
          "windShear": null,
          "raw": "FM212100 18012G18KT P6SM VCTS SCT035CB SCT250"
        }
      ],
      "decodeError": null
    }
  },
  "forecast": [
    {
      "time": 1705395600,
      "temp": 29.8,
      "feels_like": 29.3,
      "dew_point": 15.5,
      "wind_speed": 4.388888888888889,
      "wind_deg": 1,
      "wind_gust": 10.805555555555555,
      "pop": 0,
      "clouds": 0,
      "visibility": 24140,
      "uvi": 0.95,
      "is_day": true,
      "weather": [
        {
          "main": "Clear",
          "description": "Clear sky",
          "icon": "clear-day"
        }
      ]
    },
    {
      "time": 1705399200,
      "temp": 28.3,
      "feels_like": 28.5,
      "dew_point": 16.2,
      "wind_speed": 3.7222222222222223,
      "wind_deg": 6,
      "wind_gust": 9.694444444444445,
      "pop": 12,
      "clouds": 41,
      "visibility": 24140,
      "uvi": 0.1,
      "is_day": false,
      "weather": [
        {
          "main": "Clear",
          "description": "Mainly clear",
          "icon": "clear-night"
        }
      ]
    },
    {
      "time": 1705402800,
      "temp": 27.1,
      "feels_like": 27.6,
      "dew_point": 16.7,
      "wind_speed": 3.361111111111111,
      "wind_deg": 12,
      "wind_gust": 8,
      "pop": 23,
      "clouds": 29,
      "visibility": 24140,
      "uvi": 0,
      "is_day": false,
      "weather": [
        {
          "main": "Clear",
          "description": "Mainly clear",
          "icon": "clear-night"
        }
      ]
    },
    {
      "time": 1705406400,
      "temp": 26.2,
      "feels_like": 26.8,
      "dew_point": 17.3,
      "wind_speed": 3.611111111111111,
      "wind_deg": 6,
      "wind_gust": 7.694444444444445,
      "pop": 35,
      "clouds": 100,
      "visibility": 24140,
      "uvi": 0,
      "is_day": false,
      "weather": [
        {
          "main": "Clouds",
          "description": "Overcast",
          "icon": "cloudy"
        }
      ]
    },
    {
      "time": 1705410000,
      "temp": 25.5,
      "feels_like": 26.4,
      "dew_point": 17.7,
      "wind_speed": 3.611111111111111,
      "wind_deg": 360,
      "wind_gust": 7.888888888888889,
      "pop": 44,
      "clouds": 100,
      "visibility": 24140,
      "uvi": 0,
      "is_day": false,
      "weather": [
        {
          "main": "Clouds",
          "description": "Overcast",
          "icon": "cloudy"
        }
      ]
    },
    {
      "time": 1705413600,
      "temp": 24.6,
      "feels_like": 25,
      "dew_point": 18.3,
      "wind_speed": 5,
      "wind_deg": 2,
      "wind_gust": 11,
      "pop": 52,
      "clouds": 43,
      "visibility": 24140,
      "uvi": 0,
      "is_day": false,
      "weather": [
        {
          "main": "Clear",
          "description": "Mainly clear",
          "icon": "clear-night"
        }
      ]
    }
  ],
  "droneConditions": {
    "score": 90,
    "overall": "Excellent",
    "penalties": [
      {
        "factor": "kp",
        "points": 10,
        "reason": "geomagnetic activity"
      }
    ]
  },
  "multiAltitudeWind": {
    "wind_surface": {
      "speed": 4,
      "gust": 10.805555555555555,
      "direction": 4
    },
    "wind_50ft": {
      "speed": 4.934307724133232,
      "gust": 13.329484060332133,
      "direction": 3.5947580955566423
    },
    "wind_100ft": {
      "speed": 6.47134476117027,
      "gust": 17.481618833994688,
      "direction": 2.9280914288900135
    },
    "wind_150ft": {
      "speed": 7.370453790056491,
      "gust": 19.910461974527603,
      "direction": 2.5381164284092392
    },
    "wind_200ft": {
      "speed": 8.008381798207306,
      "gust": 21.633753607657237,
      "direction": 2.261424762223328
    },
    "wind_250ft": {
      "speed": 8.503197203311956,
      "gust": 22.97044244505799,
      "direction": 2.0468060322984343
    },
    "wind_300ft": {
      "speed": 8.940748236821616,
      "gust": 24.152437945302836,
      "direction": 2
    },
    "wind_350ft": {
      "speed": 9.320930592207263,
      "gust": 25.179458335893234,
      "direction": 2
    },
    "wind_400ft": {
      "speed": 9.633947687730588,
      "gust": 26.025039239772212,
      "direction": 2
    }
  },
  "windShear": {
    "difference": 5.633947687730588,
    "level": "high"
  },
  "gpsConditions": {
    "visibleSatellites": 11,
    "lockedSatellites": 9,
    "accuracy": 20,
    "source": "estimate",
    "accuracyWarning": false
  },
  "satellites": {
    "visible": 11,
    "locked": 9
  },
  "satelliteData": {
    "visibleSatellites": 11,
    "lockedSatellites": 9,
    "accuracy": 20,
    "satelliteDetails": {
      "gps": 5,
      "glonass": 3,
      "galileo": 2,
      "beidou": 1
    },
    "timestamp": null,
    "source": "estimate"
  },
  "thermalActivity": {
    "intensity": "Moderate",
    "peakHours": "17:00–18:00"
  },
  "airQuality": {
    "aqi": 30,
    "category": "Good"
  },
  "lightningRecent": false,
  "data_sources": {
    "temperature": "Open-Meteo forecast API",
    "wind_surface": "Open-Meteo forecast API, 10 m model wind",
    "wind_altitude": "Modelled: log-law interpolation between the Open-Meteo 10 m and 80/120/180 m model winds",
    "gust_altitude": "Modelled: the 10 m gust scaled with the wind profile",
    "visibility": "Open-Meteo forecast API",
    "clouds": "Open-Meteo forecast API",
    "precipitation": "Open-Meteo forecast API",
    "dew_point": "Open-Meteo forecast API",
    "uv": "Open-Meteo forecast API",
    "sun_times": "Open-Meteo forecast API",
    "thermal": "Derived from Open-Meteo CAPE, radiation and cloud cover",
    "kp_index": "NOAA SWPC planetary K-index",
    "air_quality": "Open-Meteo Air Quality API (CAMS model)",
    "metar": "aviationweather.gov API, METAR KMCO (14.6 km away)",
    "taf": "aviationweather.gov API, TAF KMCO (14.6 km away)",
    "satellites": "Estimated from the position accuracy (no satellite data from the device)"
  },
  "availability": {
    "airQuality": {
      "status": "ok",
      "message": null
    },
    "metar": {
      "status": "ok",
      "message": null
    },
    "taf": {
      "status": "ok",
      "message": null
    },
    "kp": {
      "status": "ok",
      "message": null
    }
  },
  "hourly": [
    {
      "time": 1705395600,
      "status": "no-fly",
      "limitingFactor": "gusts",
      "factors": [
        "gusts"
      ]
    },
    {
      "time": 1705399200,
      "status": "caution",
      "limitingFactor": "gusts",
      "factors": [
        "gusts",
        "darkness"
      ]
    },
    {
      "time": 1705402800,
      "status": "caution",
      "limitingFactor": "gusts",
      "factors": [
        "gusts",
        "precipitation",
        "darkness"
      ]
    },
    {
      "time": 1705406400,
      "status": "caution",
      "limitingFactor": "precipitation",
      "factors": [
        "precipitation",
        "clouds",
        "darkness"
      ]
    },
    {
      "time": 1705410000,
      "status": "caution",
      "limitingFactor": "gusts",
      "factors": [
        "gusts",
        "precipitation",
        "clouds",
        "darkness"
      ]
    },
    {
      "time": 1705413600,
      "status": "no-fly",
      "limitingFactor": "gusts",
      "factors": [
        "gusts",
        "precipitation",
        "darkness"
      ]
    }
  ],
  "flyWindow": {
    "start": null,
    "end": null,
    "limitedBefore": "gusts",
    "limitedAfter": null,
    "text": "No good window in the next 24 hours, limited mostly by gusts."
  },
  "limits": {
    "thresholds": {
      "wind": 25,
      "visibility": 5000,
      "precipitation": 20,
      "cloudCover": 70,
      "temperature": {
        "min": -10,
        "max": 40
      },
      "gusts": 35
    },
    "droneWindLimitMs": null
  }
};

export const sampleWeather = (): WeatherResponse => structuredClone(SAMPLE_WEATHER);
